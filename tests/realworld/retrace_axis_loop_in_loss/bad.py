# SOURCE: https://github.com/aligirayhanozbay/poisson_CNN/issues/2
# SYMPTOM: traces >= 5
"""An integral loss loops over the axes and calls a traced helper with each Python axis index."""

import tensorflow as tf


@tf.function
def find_neighbouring_indices_along_axis(x, k):
    return tf.reduce_sum(tf.roll(x, 1, axis=k) - x)


def integral_loss(y):
    total = 0.0
    for k in range(len(y.shape)):
        total += find_neighbouring_indices_along_axis(y, k)  # EXPECT: TF501
    return total


integral_loss(tf.ones([1, 1, 2, 1, 2, 1]))
