# SOURCE: https://github.com/mikekeith52/scalecast/issues/61
# SYMPTOM: raises OperatorNotAllowedInGraphError
# DESCRIPTION: a forecasting helper decorated for graph execution calls the model's high-level fit method, which manages its own traced functions and must be called from eager code
"""Refitting a small LSTM forecaster on the latest window, wrapped in tf.function for speed."""

import numpy as np
import tensorflow as tf

model = tf.keras.Sequential([tf.keras.Input((6, 1)), tf.keras.layers.LSTM(4), tf.keras.layers.Dense(3)])
model.compile(optimizer="adam", loss="mse")


@tf.function
def manual_forecast(window, target):
    model.fit(window, target, epochs=1, verbose=0)  # EXPECT: api-misuse/keras-high-level-api-in-traced-code
    return model(window)


window = tf.constant(np.random.rand(8, 6, 1).astype("float32"))
target = tf.constant(np.random.rand(8, 3).astype("float32"))
print("forecast", manual_forecast(window, target).shape)
