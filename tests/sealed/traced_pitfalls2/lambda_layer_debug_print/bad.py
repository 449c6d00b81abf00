# SOURCE: https://github.com/keras-team/keras/issues/7579
# SYMPTOM: lines "scaled" < 3
# DESCRIPTION: the function of a Lambda layer prints its output with Python's print to debug the layer, but Keras traces the layer into the prediction graph, so the print runs once with a symbolic tensor
"""Checking what a Lambda scaling layer outputs while predicting."""

import numpy as np
import tensorflow as tf


def scale(x):
    y = x * 0.5
    print("scaled", y)  # EXPECT: side-effect/print-in-traced-code
    return y


model = tf.keras.Sequential([tf.keras.Input((2,)), tf.keras.layers.Lambda(scale), tf.keras.layers.Dense(1)])
for _ in range(3):
    model.predict_on_batch(np.ones((1, 2), "float32"))
