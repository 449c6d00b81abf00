"""The fix: the choice made with a tensor op (tf.cond), which traces both branches."""

import numpy as np
import tensorflow as tf


def soft_clip(x):
    return tf.cond(tf.reduce_max(x) > 1.0, lambda: tf.tanh(x), lambda: x)


inputs = tf.keras.Input((4,))
hidden = tf.keras.layers.Dense(8, activation=soft_clip)(inputs)
model = tf.keras.Model(inputs, tf.keras.layers.Dense(1)(hidden))
model.compile(optimizer="adam", loss="mse")
model.fit(np.random.rand(16, 4), np.random.rand(16, 1), verbose=0)
print("trained")
