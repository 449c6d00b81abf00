# SOURCE: https://github.com/google-parfait/tensorflow-federated/issues/2794
# SYMPTOM: stderr "triggered tf.function retracing"
"""Each federated round builds and compiles a fresh Keras model to evaluate it."""

import numpy as np
import tensorflow as tf

x = np.ones((8, 3), dtype="float32")
y = np.zeros((8, 1), dtype="float32")


def build():
    model = tf.keras.Sequential([tf.keras.Input(shape=(3,)), tf.keras.layers.Dense(1)])
    model.compile(loss="mse")
    return model


for round_number in range(8):
    model = build()
    model.evaluate(x, y, verbose=0)  # EXPECT: TF507
