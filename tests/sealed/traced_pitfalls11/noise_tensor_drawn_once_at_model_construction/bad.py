# SOURCE: https://github.com/tensorflow/tensorflow/issues/36715
# SYMPTOM: distinct "[noisy output]" < 2
# DESCRIPTION: a model meant to add fresh Gaussian noise on every call (the sampling step of a VAE) builds the noise with tf.random.normal while constructing the functional model; under eager execution that draws one concrete tensor, which the model stores as a constant, so every call adds the same "noise"
"""Functional model whose output should be the input plus fresh Gaussian noise each call."""

import numpy as np
import tensorflow as tf
from tensorflow import keras

batch, dim = 4, 3
i = keras.Input(shape=(dim,), batch_size=batch, dtype="float64")
y = tf.random.normal(shape=(batch, dim), name="noise", dtype=tf.float64)  # EXPECT: stale-capture/random-tensor-drawn-once-at-model-build
out = keras.layers.Add()([i, y])
model = keras.Model(i, out)

x = np.zeros((batch, dim))
for _ in range(3):
    print("[noisy output]", np.round(model(x).numpy()[0], 4).tolist())
