"""The fix: the bits computed with tensor ops, which trace."""

import numpy as np
import tensorflow as tf


class BinaryEncoding(tf.keras.layers.Layer):
    def call(self, x):
        values = tf.cast(x, tf.int32)[..., None]
        shifts = tf.range(7, -1, -1)
        bits = tf.bitwise.bitwise_and(tf.bitwise.right_shift(values, shifts), 1)
        return tf.reshape(tf.cast(bits, tf.float32), (-1, 16))


inputs = tf.keras.Input((2,))
encoded = BinaryEncoding()(inputs)
model = tf.keras.Model(inputs, tf.keras.layers.Dense(1)(encoded))
x = np.random.randint(0, 255, (4, 2)).astype("float32")
print("out", model.predict(x, verbose=0).shape)
