"""The fix: mask the NaN steps with tensor ops; no Python branch on a tensor's value."""

import numpy as np
import tensorflow as tf
from tensorflow import keras
from tensorflow.keras import backend as K


def mse_without_nan(y_true, y_pred):
    sqr = K.square(y_pred - y_true)
    is_nan = tf.math.is_nan(sqr)
    sqr = tf.where(is_nan, tf.zeros_like(sqr), sqr)
    num_obs = tf.reduce_sum(1.0 - tf.cast(is_nan, sqr.dtype), axis=-1)
    return tf.reduce_sum(sqr, axis=-1) / tf.maximum(num_obs, 1.0)


model = keras.Sequential([keras.layers.Input((3, 4)), keras.layers.Flatten(), keras.layers.Dense(1)])
model.compile(optimizer="adam", loss=mse_without_nan)
x = np.random.default_rng(0).random((8, 3, 4)).astype("float32")
y = np.ones((8, 1), dtype="float32")
y[2] = np.nan
history = model.fit(x, y, epochs=1, verbose=0)
print("loss", history.history["loss"][-1])
