"""Features for each incoming sentence in a serving loop: layer norm, GELU, projection."""

import tensorflow as tf

PAYS = ["featurize"]

PROJECTION = tf.reshape(tf.range(16 * 8, dtype=tf.float32) % 9.0 / 9.0 - 0.5, [16, 8])


def featurize(embeddings):
    mean, variance = tf.nn.moments(embeddings, axes=[-1], keepdims=True)
    normalized = (embeddings - mean) * tf.math.rsqrt(variance + 1e-5)
    activated = 0.5 * normalized * (1.0 + tf.math.erf(normalized / 1.41421356))
    pooled = tf.reduce_mean(tf.matmul(activated, PROJECTION), axis=0)
    return pooled / (tf.norm(pooled) + 1e-6)


sentences = tf.reshape(tf.range(300 * 5 * 16, dtype=tf.float32) % 11.0, [300, 5, 16])
features = [featurize(sentences[i]) for i in range(300)]
