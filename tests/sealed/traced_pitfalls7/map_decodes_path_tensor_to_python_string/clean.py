"""The fix from the thread: wrap the Python reader in tf.py_function."""

import os
import tempfile

import tensorflow as tf

folder = tempfile.mkdtemp()
paths = []
for k in range(2):
    path = os.path.join(folder, f"label{k}.txt")
    with open(path, "w") as handle:
        handle.write(str(k))
    paths.append(path)


def read_label_eagerly(path):
    name = path.numpy().decode("utf-8")
    with open(name) as handle:
        return int(handle.read())


def read_label(path):
    return tf.py_function(read_label_eagerly, [path], tf.int32)


dataset = tf.data.Dataset.from_tensor_slices(paths).map(read_label)
for label in dataset:
    print("label", int(label))
