# SOURCE: https://github.com/tensorflow/tensorflow/issues/26031
# SYMPTOM: raises ValueError
# DESCRIPTION: while building a functional model, a stateful Keras metric is called directly on a hidden layer's symbolic output to track its mean, which needs real values
"""Tracks the mean activation of a hidden layer."""

import keras

inputs = keras.Input((2,))
hidden = keras.layers.Dense(30, activation="relu")(inputs)
hidden_mean = keras.metrics.Mean(name="hidden_mean")(hidden)  # EXPECT: graph-incompatible/metric-called-on-keras-symbolic-tensor
outputs = keras.layers.Dense(1)(hidden)
model = keras.Model(inputs, outputs)
print("outputs", model.output.shape)
