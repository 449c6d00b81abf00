# SOURCE: https://github.com/lingxiaoli94/CWB/issues/2
# SYMPTOM: traces >= 5
"""The moment order `k` of a for loop reaches the traced function through **kwargs."""

import tensorflow as tf


@tf.function
def compute_kth_marginal_moment(x, k):
    return tf.reduce_mean(x**k)


def moment(x, **kwargs):
    return compute_kth_marginal_moment(x, **kwargs)


x = tf.constant([0.5, 1.5, 2.0])
moments = [moment(x, k=k) for k in range(1, 7)]  # EXPECT: TF501
