"""The fix: check the tensor with tf.debugging.Assert, which runs inside the graph."""

import tensorflow as tf


@tf.function
def normalise(x):
    tf.debugging.Assert(tf.reduce_all(x >= 0.0), ["inputs must be non-negative", x])
    return x / tf.reduce_sum(x)


print("[result]", normalise(tf.constant([1.0, 2.0, 3.0])).numpy())
