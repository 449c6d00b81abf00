# SOURCE: https://github.com/tensorflow/tensorboard/issues/6219
# SYMPTOM: traces >= 4
# DESCRIPTION: a loop counter is passed as a Python int to a tf.function, so every step value traces a new graph
"""A demo that writes a few steps of a traced computation."""

import tensorflow as tf


@tf.function
def f(x, step):
    return tf.reduce_sum(x * tf.cast(step, tf.float32))


x = tf.ones([3, 3])
for step in range(4):
    print("value", float(f(x, step)))  # EXPECT: retracing/python-scalar-argument
