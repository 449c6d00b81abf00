# SOURCE: https://github.com/tensorflow/tensorflow/issues/38920
# SYMPTOM: raises OperatorNotAllowedInGraphError
"""A custom RNN cell branches with a Python `if` on a variable; Keras 3 does not convert `call`."""

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
        if self.mode == 0:  # EXPECT: TF808
            out = self.proj(inputs)
        else:
            out = self.proj(inputs) + states[0]
        return out, [out]


model = keras.Sequential(
    [keras.Input((5, 3)), keras.layers.RNN(GatedCell()), keras.layers.Dense(1)]
)
model.compile(optimizer="sgd", loss="mse")
model.fit(np.ones((8, 5, 3)), np.ones((8, 1)), epochs=1, verbose=0)
