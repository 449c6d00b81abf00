# SOURCE: https://github.com/tensorflow/tensorflow/issues/51453
# SYMPTOM: raises ValueError
"""A weight factory decorated with tf.function, called many times to make new variables."""

import tensorflow as tf


@tf.function
def weight_fn(shape):
    w = tf.Variable(tf.random.truncated_normal(shape))  # EXPECT: TF401
    return w


weights = [weight_fn([2, 2]) for _ in range(3)]
