# SOURCE: https://github.com/tensorflow/tensorflow/issues/32500
# SYMPTOM: traces >= 10
# DESCRIPTION: an agent asks its Keras policy network for action values with model.predict on freshly one-hot-encoded states at every step of a game loop, and memory grows with every call
"""A tic-tac-toe style agent that scores each board with a small network."""

import numpy as np
import tensorflow as tf
import keras

model = keras.Sequential([keras.Input((9, 3)), keras.layers.Flatten(), keras.layers.Dense(9)])
rng = np.random.default_rng(0)

for move in range(6):
    states = rng.integers(0, 3, size=(1, 9))
    values = model.predict(tf.one_hot(states, dtype="float32", depth=3), verbose=0)  # EXPECT: retracing/keras-predict-called-per-item-in-loop
    print("move", move, int(np.argmax(values)))
