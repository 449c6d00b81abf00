"""The fix: put the loop inside a layer's call(), where the inputs are real tensors."""

import numpy as np
import tensorflow as tf
from tensorflow import keras


class StepSum(keras.layers.Layer):
    def call(self, inputs):
        def body(step, total):
            return step + 1, total + inputs[:, step, :]

        _, summed = tf.while_loop(
            lambda step, total: step < 5, body, (tf.constant(0), tf.zeros_like(inputs[:, 0, :]))
        )
        return summed


inputs = keras.Input((5, 3))
summed = StepSum()(inputs)
outputs = keras.layers.Dense(1)(summed)
model = keras.Model(inputs, outputs)
print("[predict]", model.predict(np.random.rand(4, 5, 3), verbose=0).shape)
