"""The fix: an input signature with the sequence dimension left open, one graph for all lengths."""

import tensorflow as tf

embedding = tf.Variable(tf.random.normal((16, 4)))


@tf.function(input_signature=[tf.TensorSpec([None, None], tf.int32)])
def encode(token_ids):
    return tf.reduce_mean(tf.gather(embedding, token_ids), axis=1)


for length in range(3, 10):
    request = tf.random.uniform((1, length), maxval=16, dtype=tf.int32)
    encode(request)
