# SOURCE: https://github.com/tkipf/keras-gcn/issues/55
# SYMPTOM: raises TypeError
"""A graph layer turns a tensor into a Python bool with `bool()` while being traced."""

import tensorflow as tf


@tf.function
def graph_conv(features, support):
    if bool(tf.reduce_any(support > 0)):  # EXPECT: TF803
        return tf.matmul(support, features)
    return features


graph_conv(tf.ones([2, 2]), tf.eye(2))
