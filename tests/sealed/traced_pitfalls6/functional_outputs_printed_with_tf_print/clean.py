"""The fix: a small layer prints its input every time the model runs."""

import numpy as np
import keras
import tensorflow as tf


class PrintOutputs(keras.layers.Layer):
    def call(self, x):
        tf.print("outputs", x)
        return x


inputs = keras.Input((16,), name="digits")
x = keras.layers.Dense(8, activation="relu")(inputs)
outputs = keras.layers.Dense(10, activation="softmax", name="predictions")(x)
outputs = PrintOutputs()(outputs)
model = keras.Model(inputs, outputs)
print("sum", float(model.predict(np.ones((1, 16)), verbose=0).sum()))
