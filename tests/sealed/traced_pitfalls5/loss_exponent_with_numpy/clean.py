"""The fix: the exponential is a TensorFlow operation."""

import numpy as np
import keras
import tensorflow as tf


def exp_loss(y_true, y_pred):
    rate = tf.exp(-y_pred)
    return tf.reduce_mean(rate * y_true + y_pred)


model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
model.compile(optimizer="adam", loss=exp_loss)
x = np.random.default_rng(0).standard_normal((16, 3)).astype("float32")
model.fit(x, np.abs(x[:, :1]), epochs=1, verbose=0)
print("trained")
