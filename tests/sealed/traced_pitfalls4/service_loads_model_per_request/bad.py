# SOURCE: https://github.com/tensorflow/tensorflow/issues/43501
# SYMPTOM: traces >= 5
# DESCRIPTION: a similarity service's prediction helper loads the saved Keras model from disk and calls predict every time new data arrives, so each request gets a fresh model whose predict function is traced again, with retracing warnings on every call
"""Scoring incoming cosine-similarity vectors with a saved model."""

import os
import tempfile

import numpy as np
import tensorflow as tf

path = os.path.join(tempfile.mkdtemp(), "model.keras")
inputs = tf.keras.Input((8,))
tf.keras.Model(inputs, tf.keras.layers.Dense(1, activation="sigmoid")(inputs)).save(path)


def prediction(cosine):
    new_model = tf.keras.models.load_model(path)
    return new_model.predict(cosine, verbose=0)  # EXPECT: retracing/new-model-predict-per-iteration


for _ in range(5):
    score = prediction(np.random.rand(1, 8).astype("float32"))
print("score", score.shape)
