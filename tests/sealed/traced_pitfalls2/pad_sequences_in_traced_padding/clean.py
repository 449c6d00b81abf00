"""The fix: pad and truncate with TensorFlow ops."""

import numpy as np
import tensorflow as tf


@tf.function
def pad_spectrogram(spectrogram, pad_len):
    frames = spectrogram[:, :pad_len]
    missing = pad_len - tf.shape(frames)[1]
    return tf.pad(frames, [[0, 0], [0, missing]])


spectrogram = tf.constant(np.random.rand(20, 13).astype("float32"))
print("padded", pad_spectrogram(spectrogram, 16).shape)
