# SOURCE: https://github.com/tensorflow/tensorflow/issues/34787
# SYMPTOM: raises AttributeError
# DESCRIPTION: a script wants the values a custom layer produces and calls numpy on the layer's output inside the functional model definition, where the output is a symbolic placeholder without values
"""Inspects what a custom scaling layer outputs in a small MNIST-style model."""

import numpy as np
import keras


class Scale(keras.layers.Layer):
    def call(self, x):
        return x * 0.5


inputs = keras.Input((4,))
scaled = Scale()(inputs)
print("scaled values", scaled.numpy())  # EXPECT: graph-incompatible/numpy-on-keras-symbolic-tensor
outputs = keras.layers.Dense(2)(scaled)
model = keras.Model(inputs, outputs)
print("output", model(np.ones((1, 4), "float32")).numpy().tolist())
