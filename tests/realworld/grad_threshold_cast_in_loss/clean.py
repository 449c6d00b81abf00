"""The fix: the loss on the probabilities themselves; thresholding only for a metric."""

import numpy as np
import tensorflow as tf


def squared_error(y_true, y_pred):
    return tf.reduce_mean(tf.square(y_true - y_pred))


def thresholded_accuracy(y_true, y_pred):
    return tf.reduce_mean(tf.cast(tf.equal(y_true, tf.cast(y_pred > 0.5, tf.float32)), tf.float32))


model = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(1, activation="sigmoid")])
model.compile(optimizer="adam", loss=squared_error, metrics=[thresholded_accuracy])
features = np.random.rand(32, 4).astype("float32")
labels = (np.random.rand(32, 1) > 0.5).astype("float32")
model.fit(features, labels, epochs=1, verbose=0)
