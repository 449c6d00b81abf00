# SOURCE: https://github.com/tensorflow/tensorflow/issues/40537
# SYMPTOM: raises NotImplementedError
# DESCRIPTION: a traced function builds an index array with NumPy from a length read off a runtime shape tensor, which NumPy cannot take from a graph tensor
"""Building a radial sampling mask with NumPy inside a tf.function."""

import numpy as np
import tensorflow as tf


@tf.function
def radial_mask(image, fraction):
    size = tf.shape(image)[0]
    range_lim = size // 2
    range_array = np.arange(range_lim)  # EXPECT: graph-incompatible/numpy-on-graph-tensor
    keep = tf.cast(range_array, tf.float32) < fraction * tf.cast(range_lim, tf.float32)
    return tf.concat([keep, tf.reverse(keep, [0])], axis=0)


print("mask", radial_mask(tf.zeros([8, 8]), 0.5).numpy())
