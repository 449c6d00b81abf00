# SOURCE: https://github.com/tensorflow/tensorflow/issues/42119
# SYMPTOM: raises OperatorNotAllowedInGraphError
"""A Keras 3 layer iterates over its input tensor with a Python `for`; fit traces call."""

import numpy as np
import keras


class RowSum(keras.layers.Layer):
    def call(self, x):
        rows = [keras.ops.sum(row) for row in x]  # EXPECT: TF807
        return keras.ops.expand_dims(keras.ops.stack(rows), -1)


model = keras.Sequential([keras.Input(shape=(3,)), RowSum(), keras.layers.Dense(1)])
model.compile(optimizer="sgd", loss="mse")
model.fit(np.ones((4, 3)), np.ones((4, 1)), epochs=1, verbose=0)
