# SOURCE: https://github.com/tensorflow/tensorflow/issues/25838
# SYMPTOM: raises ValueError
# DESCRIPTION: a tf.data map function passes the file-path string tensor to numpy.loadtxt, a Python file reader that cannot take a symbolic tensor while map traces the function
"""Loads coefficient files listed in a dataset of paths."""

import os
import tempfile

import numpy as np
import tensorflow as tf

folder = tempfile.mkdtemp()
paths = []
for k in range(2):
    path = os.path.join(folder, f"coef{k}.txt")
    np.savetxt(path, np.arange(3.0) + k)
    paths.append(path)


def load(path):
    return np.loadtxt(path)  # EXPECT: graph-incompatible/numpy-on-graph-tensor


dataset = tf.data.Dataset.from_tensor_slices(paths).map(load)
for row in dataset:
    print("row", row.numpy().tolist())
