# SOURCE: https://github.com/tensorflow/tensorflow/issues/48801
# SYMPTOM: raises AttributeError
# DESCRIPTION: a function passed to Dataset.map calls .numpy() on its element to run NumPy code; map traces the function into a graph, where the element is a symbolic tensor without a value
"""Preprocess each example with NumPy before training."""

import numpy as np
import tensorflow as tf

data = np.random.rand(16, 8).astype(np.float32)
dataset = tf.data.Dataset.from_tensor_slices(data)


def process(tensor):
    np_array = tensor.numpy()  # EXPECT: graph-incompatible/numpy-call-in-dataset-map
    np_array = (np_array - np_array.mean()) / (np_array.std() + 1e-6)
    return np_array


dataset = dataset.map(process)
for item in dataset.take(2):
    print("[item]", item.shape)
