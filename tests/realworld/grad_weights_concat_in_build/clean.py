"""The fix: keep the weights in build(), concatenate them in call() where the tape records it."""

import numpy as np
import tensorflow as tf


class ConcatDense(tf.keras.layers.Layer):
    def build(self, input_shape):
        self.w1 = self.add_weight(shape=(input_shape[-1], 2), initializer="ones")
        self.w2 = self.add_weight(shape=(input_shape[-1], 2), initializer="ones")

    def call(self, inputs):
        kernel = tf.concat([self.w1, self.w2], axis=-1)
        return tf.matmul(inputs, kernel)


model = tf.keras.Sequential([tf.keras.Input((3,)), ConcatDense()])
model.compile(optimizer="sgd", loss="mse")
model.fit(np.ones((8, 3), "float32"), np.zeros((8, 4), "float32"), epochs=1, verbose=0)
