"""The fix: the weights are computed with TensorFlow operations."""

import numpy as np
import keras
import tensorflow as tf


def weighted_binary_crossentropy(y_true, y_pred):
    weights = tf.multiply(y_true, 4.0) + 1.0
    return tf.reduce_mean(weights * keras.losses.binary_crossentropy(y_true, y_pred)[..., None])


model = keras.Sequential([keras.Input((10, 2)), keras.layers.LSTM(4, return_sequences=True), keras.layers.Dense(1, activation="sigmoid")])
model.compile(optimizer="adam", loss=weighted_binary_crossentropy)
rng = np.random.default_rng(0)
x = rng.standard_normal((8, 10, 2)).astype("float32")
y = (rng.random((8, 10, 1)) > 0.9).astype("float32")
model.fit(x, y, epochs=1, verbose=0)
print("trained")
