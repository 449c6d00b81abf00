# SOURCE: https://github.com/tensorflow/tensorflow/issues/48305
# SYMPTOM: raises OperatorNotAllowedInGraphError
# DESCRIPTION: a traced function unpacks a runtime shape tensor into Python names with tuple assignment, which needs iterating over a graph tensor
"""Building a zero mask the size of a feature matrix inside a tf.function."""

import tensorflow as tf


def zeros_like_features(x):
    [r, c] = tf.shape(x)  # EXPECT: graph-incompatible/tensor-unpacked-in-traced-code
    return tf.zeros([r, c])


@tf.function
def model(h):
    return zeros_like_features(h) + 1.0


print("mask", model(tf.ones([3, 3])).shape)
