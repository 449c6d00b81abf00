# SOURCE: https://github.com/tensorflow/tensorflow/issues/33101
# SYMPTOM: stderr "KerasTensor"
# DESCRIPTION: to inspect an intermediate value of a functional model, tf.print is called on the symbolic output tensor while the model is being built, so it prints a placeholder once instead of the values each time the model runs
"""A digit classifier that tries to print its predictions."""

import numpy as np
import keras
import tensorflow as tf

inputs = keras.Input((16,), name="digits")
x = keras.layers.Dense(8, activation="relu")(inputs)
outputs = keras.layers.Dense(10, activation="softmax", name="predictions")(x)
tf.print("outputs", outputs)  # EXPECT: graph-incompatible/tf-op-on-keras-symbolic-tensor
model = keras.Model(inputs, outputs)
print("sum", float(model.predict(np.ones((1, 16)), verbose=0).sum()))
