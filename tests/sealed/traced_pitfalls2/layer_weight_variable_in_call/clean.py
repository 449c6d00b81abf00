"""The fix: create the weight once in build with add_weight."""

import numpy as np
import tensorflow as tf


class Scale(tf.keras.layers.Layer):
    def build(self, input_shape):
        self.w = self.add_weight(shape=(input_shape[-1],), initializer="ones")

    def call(self, inputs):
        return inputs * self.w


model = tf.keras.Sequential([tf.keras.Input((4,)), Scale(), tf.keras.layers.Dense(1)])
model.compile(optimizer="sgd", loss="mse")
x, y = np.random.rand(16, 4).astype("float32"), np.random.rand(16, 1).astype("float32")
model.fit(x, y, batch_size=4, epochs=2, verbose=0)
print("weights", len(model.weights))
