"""The fix: gate with the probability itself while training (its expectation), so the Dense
layer gets a gradient."""

import numpy as np
import tensorflow as tf


def gate(pair):
    x1, x2 = pair
    return x1 * x2


inp = tf.keras.Input((1,))
var = tf.keras.layers.Dense(1, activation="sigmoid")(inp)
out = tf.keras.layers.Lambda(gate)([inp, var])
model = tf.keras.Model(inp, out)
model.compile(loss="mse", optimizer="sgd")
x = np.random.normal(size=(128, 1)).astype("float32")
y = (x >= 0).astype("float32")
model.train_on_batch(x, y)
