# SOURCE: https://github.com/keras-team/keras/issues/2595
# SYMPTOM: distinct "alpha" < 2
# DESCRIPTION: a callback changes plain Python float loss weights between epochs, but the traced training step read them once and keeps the first values
"""Re-weighting two loss terms during training from a Keras callback."""

import sys

import numpy as np
import tensorflow as tf


class ChangeLossWeight(tf.keras.callbacks.Callback):
    def __init__(self, alpha, beta):
        super().__init__()
        self.alpha = alpha
        self.beta = beta

    def on_epoch_end(self, epoch, logs=None):
        if epoch == 0:
            self.alpha, self.beta = 0.7, 0.3
        if epoch == 1:
            self.alpha, self.beta = 0.5, 0.5


weights = ChangeLossWeight(1.0, 0.0)


def weighted_loss(y_true, y_pred):
    alpha, beta = weights.alpha, weights.beta  # EXPECT: stale-capture/python-attribute-read-in-traced-code
    tf.print("alpha", alpha, output_stream=sys.stdout)
    return alpha * tf.reduce_mean(tf.square(y_true - y_pred)) + beta * tf.reduce_mean(tf.abs(y_true - y_pred))


model = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(1)])
model.compile(optimizer="adam", loss=weighted_loss)
model.fit(np.random.rand(8, 4), np.random.rand(8, 1), batch_size=8, epochs=3, verbose=0, callbacks=[weights])
