# SOURCE: https://github.com/tensorflow/tensorflow/issues/35108
# SYMPTOM: raises ValueError
"""A dataset map reshapes a tf.py_function result to its own static shape, which is unknown."""

import numpy as np
import tensorflow as tf


def make_data(i):
    return np.uint8(i) * np.ones([2, 16, 16, 3], dtype=np.float32) / 10.0


@tf.function
def make_clean_data(i):
    ones = tf.py_function(make_data, [i], tf.float32)
    ones = tf.reshape(ones, ones.get_shape())  # EXPECT: TF897
    ones = tf.image.resize(ones, [8, 8])
    return ones


ds = tf.data.Dataset.range(3).map(make_clean_data)
for item in ds:
    print(item.shape)
