# SOURCE: https://github.com/tensorflow/tensorflow/issues/40632
# SYMPTOM: raises ValueError
"""A custom layer concatenates its weight matrices once, in build(): `call` then uses that fixed
tensor, which no tape records coming from the weights, so none of them gets a gradient."""

import numpy as np
import tensorflow as tf


class ConcatDense(tf.keras.layers.Layer):
    def build(self, input_shape):
        self.w1 = self.add_weight(shape=(input_shape[-1], 2), initializer="ones")
        self.w2 = self.add_weight(shape=(input_shape[-1], 2), initializer="ones")
        self.kernel = tf.concat([self.w1, self.w2], axis=-1)  # EXPECT: TF923

    def call(self, inputs):
        return tf.matmul(inputs, self.kernel)


model = tf.keras.Sequential([tf.keras.Input((3,)), ConcatDense()])
model.compile(optimizer="sgd", loss="mse")
model.fit(np.ones((8, 3), "float32"), np.zeros((8, 4), "float32"), epochs=1, verbose=0)
