# SOURCE: https://github.com/keras-team/keras/issues/14179
# SYMPTOM: raises ValueError
# DESCRIPTION: a custom randomized activation function creates a new variable initialised from the input tensor on every call, which cannot work once Keras traces the activation with a symbolic batch dimension
"""A randomized activation function for a hyperparameter search."""

import numpy as np
import tensorflow as tf


def random_slope(x):
    slope = tf.Variable(tf.random.uniform(tf.shape(x), 0.5, 1.5))  # EXPECT: variable-creation/variable-created-in-traced-code
    return x * slope


inputs = tf.keras.Input((5,))
hidden = tf.keras.layers.Dense(4, activation=random_slope)(inputs)
model = tf.keras.Model(inputs, tf.keras.layers.Dense(1)(hidden))
model.compile(optimizer="adam", loss="mse")
model.fit(np.random.rand(8, 5), np.random.rand(8, 1), verbose=0)
print("trained")
