# SOURCE: https://github.com/tensorflow/tensorflow/issues/44125
# SYMPTOM: raises ValueError
"""A Lambda layer binarizes a sigmoid with a random draw (`uniform <= p`, cast to float): the
comparison has no gradient, so train_on_batch finds none for the Dense layer below it."""

import numpy as np
import tensorflow as tf


def binarize(pair):
    x1, x2 = pair
    return x1 * tf.cast(tf.random.uniform(tf.shape(x2)) <= x2, "float32")  # EXPECT: TF922


inp = tf.keras.Input((1,))
var = tf.keras.layers.Dense(1, activation="sigmoid")(inp)
out = tf.keras.layers.Lambda(binarize)([inp, var])
model = tf.keras.Model(inp, out)
model.compile(loss="mse", optimizer="sgd")
x = np.random.normal(size=(128, 1)).astype("float32")
y = (x >= 0).astype("float32")
model.train_on_batch(x, y)
