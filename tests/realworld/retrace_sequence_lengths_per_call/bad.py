# SOURCE: https://github.com/tensorflow/tensorflow/issues/124972
# SYMPTOM: traces >= 5
"""A served encoder is a tf.function fed requests of every sequence length; each new length is a
new input signature, so it traces again and keeps every graph (memory grows without bound)."""

import tensorflow as tf

embedding = tf.Variable(tf.random.normal((16, 4)))


@tf.function
def encode(token_ids):
    return tf.reduce_mean(tf.gather(embedding, token_ids), axis=1)


for length in range(3, 10):
    request = tf.random.uniform((1, length), maxval=16, dtype=tf.int32)
    encode(request)  # EXPECT: TF598
