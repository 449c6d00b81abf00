"""The fix: tf.math.log."""

import tensorflow as tf


@tf.function
def get_leisure(z, eps):
    e_eps = tf.exp(eps)
    return 1.5 * tf.math.log(0.63 * e_eps) + tf.math.log(z)


get_leisure(tf.constant([0.5, 0.6]), tf.constant([0.1, 0.2]))
