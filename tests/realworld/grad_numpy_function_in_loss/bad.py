# SOURCE: https://github.com/tensorflow/tensorflow/issues/35713
# SYMPTOM: raises ValueError
"""A Spearman-correlation loss that ranks the predictions with SciPy-style NumPy code through
`tf.numpy_function`: it has no gradient, so fit finds none."""

import numpy as np
import tensorflow as tf


def rank(values):
    return np.argsort(np.argsort(values)).astype("float32")


def custom_loss(batch_size):
    def custom_rhos(y_true, y_pred):
        rank_a = tf.numpy_function(rank, [tf.squeeze(y_true)], Tout=tf.float32)
        rank_b = tf.numpy_function(rank, [tf.squeeze(y_pred)], Tout=tf.float32)  # EXPECT: TF922
        rho = 1 - 6 * tf.reduce_sum((rank_a - rank_b) ** 2) / (batch_size**3 - batch_size)
        return -rho

    return custom_rhos


model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(1)])
model.compile(optimizer="adam", loss=custom_loss(8))
features = np.random.rand(32, 3).astype("float32")
targets = np.random.rand(32, 1).astype("float32")
model.fit(features, targets, batch_size=8, epochs=1, verbose=0)
