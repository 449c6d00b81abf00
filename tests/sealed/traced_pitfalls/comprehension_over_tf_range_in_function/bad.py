# SOURCE: https://github.com/tensorflow/tensorflow/issues/33308
# SYMPTOM: raises OperatorNotAllowedInGraphError
# DESCRIPTION: a list comprehension in a tf.function iterates over tf.range of a static dimension
"""Expanding frequency bands to bins: each band is tiled by its width."""

import numpy as np
import tensorflow as tf

BAND = np.array([[0, 1], [2, 4], [5, 8]])


@tf.function
def band2bin(bands):
    tensor_list = [tf.tile(tf.expand_dims(bands[:, b, :], axis=1), [1, BAND[b, 1] - BAND[b, 0] + 1, 1]) for b in tf.range(bands.shape[1])]  # EXPECT: graph-incompatible/tensor-iterated-in-comprehension
    return tf.concat(tensor_list, axis=1)


bins = band2bin(tf.random.normal([4, 3, 5]))
print("bins", bins.shape)
