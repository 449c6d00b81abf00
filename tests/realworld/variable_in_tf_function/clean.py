"""The fix from the RFC the thread links: create the variable outside, capture it inside."""

import tensorflow as tf

b = tf.Variable(12.0)


@tf.function
def f():
    a = tf.constant([[10, 10], [11.0, 1.0]])
    x = tf.constant([[1.0, 0.0], [0.0, 1.0]])
    return tf.matmul(a, x) + b


print(f())
