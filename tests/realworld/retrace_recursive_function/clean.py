"""The fix: a tf.while_loop-backed loop over a tensor count, traced once."""

import tensorflow as tf


@tf.function
def power(x, n):
    result = tf.ones_like(x)
    for _ in tf.range(n):
        result *= x
    return result


power(tf.constant(2.0), tf.constant(6))
