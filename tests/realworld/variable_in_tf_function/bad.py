# SOURCE: https://github.com/tensorflow/tensorflow/issues/26812
# SYMPTOM: raises ValueError
"""A function that declares a tf.Variable works eagerly and fails once decorated."""

import tensorflow as tf


@tf.function
def f():
    a = tf.constant([[10, 10], [11.0, 1.0]])
    x = tf.constant([[1.0, 0.0], [0.0, 1.0]])
    b = tf.Variable(12.0)  # EXPECT: TF401
    return tf.matmul(a, x) + b


print(f())
