# SOURCE: https://github.com/tensorflow/tensorflow/issues/33009
# SYMPTOM: traces >= 10
# DESCRIPTION: a control loop asks a small Keras model for its next action by calling predict on one dummy observation per step, and each predict call sets up and traces its predict function again, so memory and time grow with every step
"""A control loop that queries a tiny policy network every step."""

import numpy as np
import tensorflow as tf

inputs = tf.keras.Input(shape=(10,))
x = tf.keras.layers.Dense(32)(inputs)
model = tf.keras.Model(inputs, tf.keras.layers.Dense(2)(x))

observation = np.ones((1, 10), dtype="float32")
for step in range(10):
    action = model.predict(observation, verbose=0)  # EXPECT: retracing/keras-predict-called-per-item-in-loop
    observation = observation + 0.01
print("action", action.shape)
