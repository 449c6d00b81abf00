# SOURCE: https://github.com/bhky/opennsfw2/issues/19
# SYMPTOM: stderr "triggered tf.function retracing"
"""`predict_images` builds the Keras model anew on every call, and each new model traces
its own predict function."""

import numpy as np
import tensorflow as tf


def make_model():
    inputs = tf.keras.Input(shape=(4,))
    return tf.keras.Model(inputs, tf.keras.layers.Dense(2)(inputs))


def predict_images(images):
    model = make_model()
    return model.predict(images, verbose=0)  # EXPECT: TF507


for _ in range(8):
    predict_images(np.ones((2, 4), dtype="float32"))
