"""The fix: the row mean keeps its axis (keepdims), so no batch size is needed."""

import numpy as np
import keras
import tensorflow as tf


class ExplainedVariance(keras.losses.Loss):
    def call(self, y_true, y_pred):
        residual = tf.reduce_sum(tf.square(y_pred - y_true), axis=1)
        row_mean = tf.reduce_mean(y_pred, axis=1, keepdims=True)
        total = tf.reduce_sum(tf.square(y_pred - row_mean), axis=1)
        return residual / (total + 1e-6)


model = keras.Sequential([keras.Input((6,)), keras.layers.Dense(3), keras.layers.Dense(6)])
model.compile(optimizer="adam", loss=ExplainedVariance())
data = np.random.default_rng(0).standard_normal((20, 6)).astype("float32")
history = model.fit(data, data, batch_size=8, epochs=2, verbose=0)
print("loss", history.history["loss"][-1])
