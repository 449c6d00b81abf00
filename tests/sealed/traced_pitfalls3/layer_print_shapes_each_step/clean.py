"""The fix: print with tf.print, which is an op and runs at every step."""

import sys

import numpy as np
import tensorflow as tf


class Encoder(tf.keras.layers.Layer):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.rnn = tf.keras.layers.GRU(8, return_sequences=True)

    def call(self, x):
        y = self.rnn(x)
        tf.print("encoder shape", tf.shape(y), output_stream=sys.stdout)
        return y


model = tf.keras.Sequential([tf.keras.Input((10, 4)), Encoder(), tf.keras.layers.Dense(3)])
model.compile(optimizer="adam", loss="mse")
x = np.random.rand(64, 10, 4).astype("float32")
y = np.random.rand(64, 10, 3).astype("float32")
model.fit(x, y, batch_size=4, epochs=1, verbose=0)
sys.stdout.write("trained\n")
