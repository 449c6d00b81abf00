"""The fix: a tf.TensorArray carries the values through the loop."""

import tensorflow as tf


@tf.function
def collect(n):
    outputs = tf.TensorArray(tf.float32, size=n)
    for i in tf.range(n):
        outputs = outputs.write(i, tf.cast(i, tf.float32) * 2.0)
    return outputs.stack()


collect(tf.constant(3))
