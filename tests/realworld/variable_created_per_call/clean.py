"""The fix: the factory is plain Python; only the computation is traced."""

import tensorflow as tf


def weight_fn(shape):
    return tf.Variable(tf.random.truncated_normal(shape))


@tf.function
def total(ws):
    return tf.add_n([tf.reduce_sum(w) for w in ws])


weights = [weight_fn([2, 2]) for _ in range(3)]
total(weights)
