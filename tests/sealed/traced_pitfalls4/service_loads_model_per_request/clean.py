"""The fix: load the model once and reuse one traced inference function for every request."""

import os
import tempfile

import numpy as np
import tensorflow as tf

path = os.path.join(tempfile.mkdtemp(), "model.keras")
inputs = tf.keras.Input((8,))
tf.keras.Model(inputs, tf.keras.layers.Dense(1, activation="sigmoid")(inputs)).save(path)
model = tf.keras.models.load_model(path)
infer = tf.function(model)


def prediction(cosine):
    return infer(tf.constant(cosine)).numpy()


for _ in range(5):
    score = prediction(np.random.rand(1, 8).astype("float32"))
print("score", score.shape)
