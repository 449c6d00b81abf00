# SOURCE: https://github.com/keras-team/keras/issues/14442
# SYMPTOM: raises AttributeError
# ENV: TF_USE_LEGACY_KERAS=1
# DESCRIPTION: a custom loss that skips NaN targets reads a tensor's value with the Keras backend's get_value to choose a Python branch, which fails when fit traces the loss into a graph
"""A time-series regressor whose validation targets contain NaN steps."""

import numpy as np
import tensorflow as tf
from tensorflow import keras
from tensorflow.keras import backend as K


def mse_without_nan(y_true, y_pred):
    sqr = K.square(y_pred - y_true)
    num_nan = tf.reduce_sum(tf.cast(tf.math.is_nan(sqr), tf.int32))
    if K.get_value(num_nan) > 0:  # EXPECT: graph-incompatible/numpy-on-graph-tensor
        sqr = tf.where(tf.math.is_nan(sqr), tf.zeros_like(sqr), sqr)
    return K.mean(sqr, axis=-1)


model = keras.Sequential([keras.layers.Input((3, 4)), keras.layers.Flatten(), keras.layers.Dense(1)])
model.compile(optimizer="adam", loss=mse_without_nan)
x = np.random.default_rng(0).random((8, 3, 4)).astype("float32")
y = np.ones((8, 1), dtype="float32")
y[2] = np.nan
history = model.fit(x, y, epochs=1, verbose=0)
print("loss", history.history["loss"][-1])
