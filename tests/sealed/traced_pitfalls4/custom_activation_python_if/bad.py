# SOURCE: https://github.com/tensorflow/tensorflow/issues/29823
# SYMPTOM: raises OperatorNotAllowedInGraphError
# DESCRIPTION: a custom piecewise activation function tests its input tensor with a Python if, which cannot be decided on the symbolic tensor Keras passes while it builds and traces the model
"""A piecewise custom activation for a small regression network."""

import numpy as np
import tensorflow as tf


def soft_clip(x):
    if tf.reduce_max(x) > 1.0:  # EXPECT: graph-incompatible/python-if-on-symbolic-tensor
        return tf.tanh(x)
    return x


inputs = tf.keras.Input((4,))
hidden = tf.keras.layers.Dense(8, activation=soft_clip)(inputs)
model = tf.keras.Model(inputs, tf.keras.layers.Dense(1)(hidden))
model.compile(optimizer="adam", loss="mse")
model.fit(np.random.rand(16, 4), np.random.rand(16, 1), verbose=0)
print("trained")
