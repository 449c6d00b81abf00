import os
import tempfile

import numpy as np
import tensorflow as tf

root = tempfile.mkdtemp()
csv_path = os.path.join(root, "input.csv")
rng = np.random.default_rng(20)
with open(csv_path, "w") as handle:
    handle.write("a,b,c\n")
    for row in rng.random((10, 3)):
        handle.write(",".join("%.4f" % v for v in row) + "\n")

record_path = os.path.join(root, "input.tfrecord")
with tf.io.TFRecordWriter(record_path) as writer:
    with open(csv_path) as f:
        f.readline()
        for line in f:
            values = [float(v) for v in line.strip().split(",")]
            example = tf.train.Example(
                features=tf.train.Features(feature={"x": tf.train.Feature(float_list=tf.train.FloatList(value=values))})
            )
            writer.write(example.SerializeToString())

print("records", sum(1 for _ in tf.data.TFRecordDataset(record_path)))
