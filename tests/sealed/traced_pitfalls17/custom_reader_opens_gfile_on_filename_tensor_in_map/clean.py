# SOURCE: https://github.com/tensorflow/tensorflow/issues/32620
# SYMPTOM: raises TypeError
# DESCRIPTION: a custom file-format reader mapped over Dataset.list_files opens each file with tf.io.gfile.GFile, a Python file API that needs a concrete path string, while the map function only receives a symbolic string tensor
import os
import tempfile
import tensorflow as tf

d = tempfile.mkdtemp()
for i in range(3):
    with open(os.path.join(d, f"rec{i}.bin"), "wb") as f:
        f.write(bytes([i]) * 8)


def read_custom(path):
    header = tf.strings.substr(tf.io.read_file(path), 0, 4)
    return tf.io.decode_raw(header, tf.uint8)


files = tf.data.Dataset.list_files(os.path.join(d, "*.bin"), shuffle=False)
for t in files.map(read_custom):
    print("header", t.numpy().tolist())
