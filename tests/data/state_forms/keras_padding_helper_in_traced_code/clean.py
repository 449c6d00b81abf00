# SOURCE: https://www.tensorflow.org/guide/function
# SYMPTOM: raises TypeError
"""The ids are padded with a TensorFlow op."""

import tensorflow as tf


@tf.function
def pad_batch(ids):
    return tf.pad(ids, [[0, 0], [6 - tf.shape(ids)[1], 0]])


print(pad_batch(tf.constant([[1, 2, 3], [4, 5, 6]])))
