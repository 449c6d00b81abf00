# SOURCE: https://github.com/tensorflow/tensorflow/issues/38908
# SYMPTOM: raises TypeError
# DESCRIPTION: a function decorated for graph execution pads its input with a NumPy-based Keras preprocessing utility, which cannot take a graph tensor
"""Padding spectrograms to a fixed number of frames, made faster with tf.function."""

import numpy as np
import tensorflow as tf


@tf.function
def pad_spectrogram(spectrogram, pad_len):
    frames = tf.transpose(spectrogram)
    padded = tf.keras.utils.pad_sequences(  # EXPECT: graph-incompatible/numpy-utility-on-graph-tensor
        frames, maxlen=pad_len, dtype="float32", padding="post", truncating="post"
    )
    return tf.transpose(padded)


spectrogram = tf.constant(np.random.rand(20, 13).astype("float32"))
print("padded", pad_spectrogram(spectrogram, 16).shape)
