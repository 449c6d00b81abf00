# SOURCE: https://github.com/tensorflow/tensorflow/issues/32889
# SYMPTOM: raises TypeError
# DESCRIPTION: a custom recurrent layer keeps its last hidden state on the layer object during training so generation can start from it, but the state is a graph tensor from the traced training step and eager code cannot use it
"""A sequence model whose layer remembers its final state for later sampling."""

import numpy as np
import tensorflow as tf


class StatefulGRU(tf.keras.layers.Layer):
    def __init__(self, units, **kwargs):
        super().__init__(**kwargs)
        self.gru = tf.keras.layers.GRU(units, return_state=True)
        self.last_state = None

    def call(self, inputs):
        outputs, state = self.gru(inputs)
        self.last_state = state  # EXPECT: leaked-tensor/tensor-stored-on-object
        return outputs


layer = StatefulGRU(4)
model = tf.keras.Sequential([tf.keras.Input((5, 3)), layer, tf.keras.layers.Dense(1)])
model.compile(optimizer="adam", loss="mse")
model.fit(np.random.rand(8, 5, 3).astype("float32"), np.random.rand(8, 1).astype("float32"), epochs=1, verbose=0)
seed = layer.last_state * 2.0
print("seed state", seed.shape)
