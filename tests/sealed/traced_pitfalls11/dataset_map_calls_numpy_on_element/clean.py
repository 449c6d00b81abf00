"""The fix: run the NumPy code through tf.py_function, which hands it an eager tensor."""

import numpy as np
import tensorflow as tf

data = np.random.rand(16, 8).astype(np.float32)
dataset = tf.data.Dataset.from_tensor_slices(data)


def normalize(tensor):
    np_array = tensor.numpy()
    return (np_array - np_array.mean()) / (np_array.std() + 1e-6)


def process(tensor):
    result = tf.py_function(normalize, [tensor], tf.float32)
    result.set_shape(tensor.shape)
    return result


dataset = dataset.map(process)
for item in dataset.take(2):
    print("[item]", item.shape)
