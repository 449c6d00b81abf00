"""The fix: give bincount a Python length that XLA can see at compile time."""

import tensorflow as tf


@tf.function(jit_compile=True)
def bincount_test():
    for length in range(2):
        values = tf.constant([1, 1, 2, 3, 2, 4, 4, 5])
        output = tf.math.bincount(values, minlength=length)
    return output


print("[counts]", bincount_test().numpy())
