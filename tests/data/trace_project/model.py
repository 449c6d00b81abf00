"""A Keras model that prints in `call`: the print runs while Keras traces, not per step."""

import tensorflow as tf


class Regressor(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.dense = tf.keras.layers.Dense(1)

    def call(self, inputs):
        print("Regressor.call ran")
        return self.dense(inputs)
