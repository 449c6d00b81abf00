# SOURCE: https://github.com/tensorflow/tensorflow/issues/56769
# SYMPTOM: raises InvalidArgumentError
# DESCRIPTION: a jit_compile=True function passes the counter of a tf.range loop as bincount's minlength; XLA needs that output-size argument as a compile-time constant, and the compilation fails
"""Histogram of labels, compiled with XLA."""

import tensorflow as tf


@tf.function(jit_compile=True)
def bincount_test():
    for length in tf.range(2):
        values = tf.constant([1, 1, 2, 3, 2, 4, 4, 5])
        output = tf.math.bincount(values, minlength=length)  # EXPECT: graph-incompatible/xla-shape-argument-not-constant
    return output


print("[counts]", bincount_test().numpy())
