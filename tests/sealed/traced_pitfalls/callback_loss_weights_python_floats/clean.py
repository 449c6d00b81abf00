"""The fix from the thread: keep the weights in variables and assign new values in the callback."""

import sys

import numpy as np
import tensorflow as tf


class ChangeLossWeight(tf.keras.callbacks.Callback):
    def __init__(self, alpha, beta):
        super().__init__()
        self.alpha = tf.Variable(alpha, trainable=False)
        self.beta = tf.Variable(beta, trainable=False)

    def on_epoch_end(self, epoch, logs=None):
        if epoch == 0:
            self.alpha.assign(0.7)
            self.beta.assign(0.3)
        if epoch == 1:
            self.alpha.assign(0.5)
            self.beta.assign(0.5)


weights = ChangeLossWeight(1.0, 0.0)


def weighted_loss(y_true, y_pred):
    alpha, beta = weights.alpha, weights.beta
    tf.print("alpha", alpha, output_stream=sys.stdout)
    return alpha * tf.reduce_mean(tf.square(y_true - y_pred)) + beta * tf.reduce_mean(tf.abs(y_true - y_pred))


model = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(1)])
model.compile(optimizer="adam", loss=weighted_loss)
model.fit(np.random.rand(8, 4), np.random.rand(8, 1), batch_size=8, epochs=3, verbose=0, callbacks=[weights])
