"""The fix the maintainer took: one global model, reused by every call."""

import numpy as np
import tensorflow as tf


def make_model():
    inputs = tf.keras.Input(shape=(4,))
    return tf.keras.Model(inputs, tf.keras.layers.Dense(2)(inputs))


global_model = make_model()


def predict_images(images):
    return global_model.predict(images, verbose=0)


for _ in range(8):
    predict_images(np.ones((2, 4), dtype="float32"))
