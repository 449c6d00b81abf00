# SOURCE: https://www.tensorflow.org/guide/function
# SYMPTOM: raises TypeError
"""A function decorated for graph execution pads its token ids with Keras's NumPy-based
`pad_sequences`, which converts its input with NumPy and cannot take a graph tensor."""

import keras
import tensorflow as tf


@tf.function
def pad_batch(ids):
    return keras.utils.pad_sequences(ids, maxlen=6)  # EXPECT: TF804


print(pad_batch(tf.constant([[1, 2, 3], [4, 5, 6]])))
