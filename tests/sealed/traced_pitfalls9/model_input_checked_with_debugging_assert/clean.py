"""The fix: put the assertion in a layer's call, where it runs on the batch each time."""

import tensorflow as tf


class NonNegative(tf.keras.layers.Layer):
    def call(self, inputs):
        tf.debugging.Assert(tf.reduce_all(inputs >= 0), [inputs])
        return inputs


inputs = tf.keras.Input(shape=(3,))
checked = NonNegative()(inputs)
outputs = tf.keras.layers.Dense(1)(checked)
model = tf.keras.Model(inputs, outputs)
print("[output]", model(tf.ones((4, 3))).shape)
