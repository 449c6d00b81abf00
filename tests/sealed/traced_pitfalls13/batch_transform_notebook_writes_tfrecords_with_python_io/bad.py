# SOURCE: https://github.com/aws/amazon-sagemaker-examples/issues/2294
# SYMPTOM: raises AttributeError
# DESCRIPTION: a batch-transform notebook converts CSV rows to TFRecords with tf.python_io.TFRecordWriter; TensorFlow 2 removed tf.python_io (tf.io.TFRecordWriter replaces it)
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
with tf.python_io.TFRecordWriter(record_path) as writer:  # EXPECT: tf1-api/python-io
    with open(csv_path) as f:
        f.readline()
        for line in f:
            values = [float(v) for v in line.strip().split(",")]
            example = tf.train.Example(
                features=tf.train.Features(feature={"x": tf.train.Feature(float_list=tf.train.FloatList(value=values))})
            )
            writer.write(example.SerializeToString())

print("records", sum(1 for _ in tf.data.TFRecordDataset(record_path)))
