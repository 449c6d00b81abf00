# SOURCE: https://markaicode.com/custom-gradients-non-differentiable-losses
# SYMPTOM: raises ValueError
"""A loss that thresholds the predictions (a comparison, then a cast back to float) before
comparing them with the labels: neither step has a gradient, so fit finds none."""

import numpy as np
import tensorflow as tf


def thresholded_loss(y_true, y_pred):
    y_pred_binary = tf.cast(y_pred > 0.5, tf.float32)  # EXPECT: TF922
    return tf.reduce_mean(tf.square(y_true - y_pred_binary))


model = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(1, activation="sigmoid")])
model.compile(optimizer="adam", loss=thresholded_loss)
features = np.random.rand(32, 4).astype("float32")
labels = (np.random.rand(32, 1) > 0.5).astype("float32")
model.fit(features, labels, epochs=1, verbose=0)
