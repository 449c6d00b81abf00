"""The fix: tf.range on the shape tensor instead of np.arange."""

import tensorflow as tf


@tf.function
def radial_mask(image, fraction):
    size = tf.shape(image)[0]
    range_lim = size // 2
    range_array = tf.range(range_lim)
    keep = tf.cast(range_array, tf.float32) < fraction * tf.cast(range_lim, tf.float32)
    return tf.concat([keep, tf.reverse(keep, [0])], axis=0)


print("mask", radial_mask(tf.zeros([8, 8]), 0.5).numpy())
