"""The fix: a float weight (round it when an integer is needed for inference)."""

import numpy as np
import tensorflow as tf


class TestLayer(tf.keras.layers.Layer):
    def build(self, input_shape):
        self.var = self.add_weight(shape=(1,), initializer="zeros", dtype=tf.float32)

    def call(self, inputs):
        return inputs * self.var


model = tf.keras.Sequential([tf.keras.Input((1,)), TestLayer()])
model.compile(optimizer="sgd", loss="mse")
values = np.arange(16, dtype="float32").reshape(-1, 1)
model.fit(values, 2 * values, epochs=1, verbose=0)
