# SOURCE: https://github.com/tensorflow/tensorflow/issues/56389
# SYMPTOM: raises AttributeError
"""A custom loss converts the error to NumPy with .numpy(); fit runs the loss in a graph."""

import numpy as np
import tensorflow as tf


def custom_loss(y_true, y_pred):
    err = (y_true - y_pred).numpy()  # EXPECT: TF801
    return tf.constant(np.mean(err**2))


model = tf.keras.Sequential([tf.keras.Input(shape=(2,)), tf.keras.layers.Dense(1)])
model.compile(optimizer="sgd", loss=custom_loss)
model.fit(np.ones((8, 2)), np.ones((8, 1)), epochs=1, verbose=0)
