"""The fix from the thread: iterate over a Python range of the static dimension."""

import numpy as np
import tensorflow as tf

BAND = np.array([[0, 1], [2, 4], [5, 8]])


@tf.function
def band2bin(bands):
    tensor_list = [tf.tile(tf.expand_dims(bands[:, b, :], axis=1), [1, BAND[b, 1] - BAND[b, 0] + 1, 1]) for b in range(bands.shape[1])]
    return tf.concat(tensor_list, axis=1)


bins = band2bin(tf.random.normal([4, 3, 5]))
print("bins", bins.shape)
