"""The fix: build the evaluation model once and load each round's weights into it."""

import numpy as np
import tensorflow as tf

x = np.ones((8, 3), dtype="float32")
y = np.zeros((8, 1), dtype="float32")


def build():
    model = tf.keras.Sequential([tf.keras.Input(shape=(3,)), tf.keras.layers.Dense(1)])
    model.compile(loss="mse")
    return model


model = build()
weights = model.get_weights()
for round_number in range(8):
    model.set_weights(weights)
    model.evaluate(x, y, verbose=0)
