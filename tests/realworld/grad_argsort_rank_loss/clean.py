"""The fix: a differentiable pairwise ranking loss on the scores (a softplus of the score
differences the labels' order says should be positive)."""

import numpy as np
import tensorflow as tf


def calculate_loss(scale):
    def loss(y_true, y_pred):
        should_exceed = tf.cast(y_true[:, :, None] > y_true[:, None, :], tf.float32)
        differences = y_pred[:, :, None] - y_pred[:, None, :]
        return scale * tf.reduce_mean(should_exceed * tf.math.softplus(-differences))

    return loss


model = tf.keras.Sequential([tf.keras.Input((6,)), tf.keras.layers.Dense(5)])
model.compile(optimizer="adam", loss=calculate_loss(0.1))
features = np.random.rand(16, 6).astype("float32")
orders = np.argsort(np.random.rand(16, 5), axis=-1).astype("float32")
model.fit(features, orders, epochs=1, verbose=0)
