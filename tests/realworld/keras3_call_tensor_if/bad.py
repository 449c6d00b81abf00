# SOURCE: https://github.com/keras-team/keras/issues/19140
# SYMPTOM: raises OperatorNotAllowedInGraphError
"""A Keras 3 layer branches with a Python `if` on a tensor; Keras 3 does not convert `call`."""

import numpy as np
import keras


class Normalize(keras.layers.Layer):
    def call(self, x):
        if keras.ops.max(x) > 1.0:  # EXPECT: TF808
            return x / keras.ops.max(x)
        return x


model = keras.Sequential([keras.Input(shape=(3,)), Normalize(), keras.layers.Dense(1)])
model.compile(optimizer="sgd", loss="mse")
model.fit(np.full((4, 3), 2.0), np.ones((4, 1)), epochs=1, verbose=0)
