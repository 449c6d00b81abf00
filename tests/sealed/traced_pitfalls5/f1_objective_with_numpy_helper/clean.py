"""The fix: the soft F1 score is written with TensorFlow operations."""

import numpy as np
import keras
import tensorflow as tf


def f1_score(y_true, y_prob):
    tp = tf.reduce_sum(y_true * y_prob)
    return 2 * tp / (tf.reduce_sum(y_true) + tf.reduce_sum(y_prob) + 1e-7)


def f1_objective(y_true, y_pred):
    return 1.0 - f1_score(y_true, y_pred)


model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(1, activation="sigmoid")])
model.compile(optimizer="adam", loss=f1_objective)
rng = np.random.default_rng(0)
x = rng.standard_normal((16, 4)).astype("float32")
model.fit(x, (x[:, :1] > 0).astype("float32"), epochs=1, verbose=0)
print("trained")
