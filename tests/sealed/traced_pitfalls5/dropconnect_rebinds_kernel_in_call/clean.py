"""The fix: the dropped kernel is a local tensor; the layer's weight stays a variable."""

import numpy as np
import keras
import tensorflow as tf


class DropConnectDense(keras.layers.Layer):
    def __init__(self, units, rate=0.5):
        super().__init__()
        self.units, self.rate = units, rate

    def build(self, shape):
        self.kernel = self.add_weight(shape=(shape[-1], self.units), initializer="ones")

    def call(self, inputs, training=None):
        kernel = self.kernel
        if training:
            kernel = tf.nn.dropout(kernel, rate=self.rate)
        return tf.matmul(inputs, kernel)


model = keras.Sequential([keras.Input((3,)), DropConnectDense(2), keras.layers.Dense(1)])
model.compile(optimizer="sgd", loss="mse")
x = np.ones((8, 3), "float32")
model.fit(x, np.ones((8, 1), "float32"), epochs=2, verbose=0)
print("evaluated", model.evaluate(x, np.ones((8, 1), "float32"), verbose=0))
