# SOURCE: https://www.tensorflow.org/guide/function
# SYMPTOM: distinct "loss" < 3
"""A compiled loss reads a weight held by a callback object, which lowers it after each epoch."""

import numpy as np
import tensorflow as tf


class Schedule(tf.keras.callbacks.Callback):
    def __init__(self):
        super().__init__()
        self.alpha = 1.0

    def on_epoch_end(self, epoch, logs=None):
        print("loss", round(float(logs["loss"]), 4))
        self.alpha = self.alpha * 0.5


schedule = Schedule()


def weighted_mse(y_true, y_pred):
    return schedule.alpha * tf.reduce_mean(tf.square(y_true - y_pred))  # EXPECT: TF602


model = tf.keras.Sequential([tf.keras.Input((2,)), tf.keras.layers.Dense(1, trainable=False, kernel_initializer="zeros")])
model.compile(optimizer="sgd", loss=weighted_mse)
model.fit(np.ones((4, 2)), np.ones((4, 1)), epochs=3, verbose=0, callbacks=[schedule])
