# SOURCE: https://github.com/tensorflow/tensorflow/issues/38561
# SYMPTOM: traces >= 5
"""Variable-length sequences go into a traced function whose shapes are fixed at each trace."""

import tensorflow as tf


@tf.function
def encode(tokens):
    return tf.reduce_sum(tf.one_hot(tokens, 8), axis=0)


for length in range(2, 8):
    encode(tf.range(length) % 8)  # EXPECT: TF598
