"""The fix: call the model directly on the single observation (one traced function reused)."""

import numpy as np
import tensorflow as tf

inputs = tf.keras.Input(shape=(10,))
x = tf.keras.layers.Dense(32)(inputs)
model = tf.keras.Model(inputs, tf.keras.layers.Dense(2)(x))
policy = tf.function(model)

observation = np.ones((1, 10), dtype="float32")
for step in range(10):
    action = policy(tf.constant(observation)).numpy()
    observation = observation + 0.01
print("action", action.shape)
