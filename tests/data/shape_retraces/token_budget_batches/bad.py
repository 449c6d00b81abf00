# SOURCE: https://github.com/tensorflow/tensorflow/issues/29075
# SYMPTOM: traces >= 5
"""Batches built to a token budget: both the batch size and the sequence length vary."""

import tensorflow as tf

embeddings = tf.Variable(tf.reshape(tf.range(64, dtype=tf.float32) / 64.0, [16, 4]))


@tf.function  # EXPECT: retracing/shape-varies-between-calls
def encode(ids):
    vectors = tf.nn.embedding_lookup(embeddings, ids)
    mask = tf.cast(ids > 0, tf.float32)[:, :, None]
    return tf.reduce_sum(vectors * mask, axis=1) / tf.maximum(tf.reduce_sum(mask, axis=1), 1.0)


budget = 48
for length in (6, 8, 12, 16, 24):
    batch = budget // length
    ids = tf.reshape(tf.range(batch * length) % 16, [batch, length])
    encode(ids)
