# SOURCE: https://github.com/tensorflow/tensorflow/issues/50398
# SYMPTOM: raises TypeError
# DESCRIPTION: a DropConnect layer applies dropout to its kernel by assigning the dropped tensor back to the layer's kernel attribute inside call, so the first traced training step stores a graph tensor on the layer that later steps and evaluation cannot use
"""A DropConnect dense layer in a small regression model."""

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
        if training:
            self.kernel = tf.nn.dropout(self.kernel, rate=self.rate)  # EXPECT: graph-incompatible/variable-rebound-to-tensor-in-traced-code
        return tf.matmul(inputs, self.kernel)


model = keras.Sequential([keras.Input((3,)), DropConnectDense(2), keras.layers.Dense(1)])
model.compile(optimizer="sgd", loss="mse")
x = np.ones((8, 3), "float32")
model.fit(x, np.ones((8, 1), "float32"), epochs=2, verbose=0)
print("evaluated", model.evaluate(x, np.ones((8, 1), "float32"), verbose=0))
