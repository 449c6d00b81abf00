"""The fix: accumulate in a loop variable."""

import tensorflow as tf


@tf.function
def tf_function_with_loop(num_iter):
    total = tf.constant(0)
    for i in tf.range(num_iter):
        total += i
    return total


tf_function_with_loop(tf.constant(5))
