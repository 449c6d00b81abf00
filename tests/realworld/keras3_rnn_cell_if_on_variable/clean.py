"""The fix: select with tf.where on the variable, no Python branch."""

import numpy as np
import tensorflow as tf
import keras


class GatedCell(keras.layers.Layer):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.state_size = 4
        self.proj = keras.layers.Dense(4)
        self.mode = tf.Variable(0, trainable=False)

    def call(self, inputs, states):
        projected = self.proj(inputs)
        out = tf.where(self.mode == 0, projected, projected + states[0])
        return out, [out]


model = keras.Sequential(
    [keras.Input((5, 3)), keras.layers.RNN(GatedCell()), keras.layers.Dense(1)]
)
model.compile(optimizer="sgd", loss="mse")
model.fit(np.ones((8, 5, 3)), np.ones((8, 1)), epochs=1, verbose=0)
