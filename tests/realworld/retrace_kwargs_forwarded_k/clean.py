"""The fix: the order travels as a float tensor."""

import tensorflow as tf


@tf.function
def compute_kth_marginal_moment(x, k):
    return tf.reduce_mean(x**k)


def moment(x, **kwargs):
    return compute_kth_marginal_moment(x, **kwargs)


x = tf.constant([0.5, 1.5, 2.0])
moments = [moment(x, k=tf.constant(float(k))) for k in range(1, 7)]
