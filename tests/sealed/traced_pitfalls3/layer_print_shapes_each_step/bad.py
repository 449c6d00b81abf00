# SOURCE: https://github.com/tensorflow/lingvo/issues/172
# SYMPTOM: lines "encoder shape" < 10
# DESCRIPTION: a speech model prints the shape of its encoder activations with Python's print inside a layer's call to follow training, but the call runs only while the training step is traced, so the shapes are printed at the start and never at the later steps
"""Watching the shapes inside an ASR-style encoder during training."""

import sys

import numpy as np
import tensorflow as tf


class Encoder(tf.keras.layers.Layer):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.rnn = tf.keras.layers.GRU(8, return_sequences=True)

    def call(self, x):
        y = self.rnn(x)
        print("encoder shape", y.shape)  # EXPECT: side-effect/print-in-traced-code
        return y


model = tf.keras.Sequential([tf.keras.Input((10, 4)), Encoder(), tf.keras.layers.Dense(3)])
model.compile(optimizer="adam", loss="mse")
x = np.random.rand(64, 10, 4).astype("float32")
y = np.random.rand(64, 10, 3).astype("float32")
model.fit(x, y, batch_size=4, epochs=1, verbose=0)
sys.stdout.write("trained\n")
