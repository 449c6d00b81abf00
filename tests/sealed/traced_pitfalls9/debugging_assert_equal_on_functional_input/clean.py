"""The fix: run the check inside a layer, where the input is a real tensor at call time."""

import tensorflow as tf


class CheckBatch(tf.keras.layers.Layer):
    def call(self, inputs):
        tf.debugging.assert_equal(tf.shape(inputs)[0], 2)
        return inputs


x = tf.keras.Input(shape=[5], batch_size=2)
checked = CheckBatch()(x)
y = tf.keras.layers.Dense(3)(checked)
model = tf.keras.Model(x, y)
print("[output]", model(tf.ones((2, 5))).shape)
