"""Text features: an embedding lookup over sequences of any length, and an eager scoring
function called per example."""

import tensorflow as tf

TABLE = tf.reshape(tf.range(40, dtype=tf.float32) / 40.0, [10, 4])


@tf.function
def embed(ids):
    return tf.reduce_sum(tf.gather(TABLE, ids), axis=0)


def score(vector):
    """Many small ops on a small tensor: eager, once per example."""
    v = tf.nn.relu(vector) * 2.0 + 1.0
    v = tf.math.log1p(tf.abs(v)) - tf.sin(v) * tf.cos(v)
    v = tf.tanh(v) * tf.sigmoid(v) + tf.square(v)
    v = v / (1.0 + tf.reduce_mean(v)) + tf.sqrt(tf.abs(v) + 1e-3)
    return tf.reduce_sum(v * v)
