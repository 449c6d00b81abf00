# SOURCE: https://github.com/tensorflow/tensorflow/issues/40309
# SYMPTOM: raises AttributeError
# DESCRIPTION: a tf.data map function tries to get a Python string out of the file-path tensor to open the file with Python, but inside map the path is a symbolic tensor with no value
"""Reads label files named in a dataset of paths."""

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


def read_label(path):
    name = path.numpy().decode("utf-8")  # EXPECT: graph-incompatible/numpy-on-graph-tensor
    with open(name) as handle:
        return int(handle.read())


dataset = tf.data.Dataset.from_tensor_slices(paths).map(read_label)
for label in dataset:
    print("label", int(label))
