"""Keras code for train.py: a model that prints in `call` (the print runs while Keras traces, not
per step), and a layer that makes a new Dropout, with its seed variable, on every trace."""

import tensorflow as tf


class Regressor(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.dense = tf.keras.layers.Dense(1)

    def call(self, inputs):
        print("Regressor.call ran")
        return self.dense(inputs)


class Noisy(tf.keras.layers.Layer):
    def call(self, inputs, training=False):
        dropout = tf.keras.layers.Dropout(0.5)
        return dropout(inputs, training=training)
