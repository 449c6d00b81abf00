"""The fix: return the state from the layer and get it by calling the model eagerly."""

import numpy as np
import tensorflow as tf


class StatefulGRU(tf.keras.layers.Layer):
    def __init__(self, units, **kwargs):
        super().__init__(**kwargs)
        self.gru = tf.keras.layers.GRU(units, return_state=True)

    def call(self, inputs):
        outputs, state = self.gru(inputs)
        return outputs, state


layer = StatefulGRU(4)
inputs = tf.keras.Input((5, 3))
outputs, state = layer(inputs)
model = tf.keras.Model(inputs, tf.keras.layers.Dense(1)(outputs))
state_model = tf.keras.Model(inputs, state)
model.compile(optimizer="adam", loss="mse")
x = np.random.rand(8, 5, 3).astype("float32")
model.fit(x, np.random.rand(8, 1).astype("float32"), epochs=1, verbose=0)
seed = state_model(x[-1:]) * 2.0
print("seed state", seed.shape)
