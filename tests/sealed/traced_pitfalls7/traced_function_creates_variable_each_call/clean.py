"""The fix: create the variable once, outside the traced function."""

import tensorflow as tf

b = tf.Variable(12.0)


@tf.function
def f(x):
    a = tf.constant([[10.0, 10.0], [11.0, 1.0]])
    return tf.matmul(a, x) + b


print("y", f(tf.eye(2)).numpy().tolist())
