"""The fix from the TensorFlow guide the report cites: pass the step as a tensor."""

import tensorflow as tf


@tf.function
def f(x, step):
    return tf.reduce_sum(x * tf.cast(step, tf.float32))


x = tf.ones([3, 3])
for step in range(4):
    print("value", float(f(x, tf.constant(step))))
