"""The fix: keep the multiple in a non-trainable weight and assign the new value."""

import numpy as np
import tensorflow as tf


class Sharpen(tf.keras.layers.Layer):
    def __init__(self, multiple, **kwargs):
        super().__init__(**kwargs)
        self.multiple = tf.Variable(multiple, trainable=False)

    def call(self, x):
        return tf.sigmoid(x * self.multiple)


sharpen = Sharpen(2.0)
model = tf.keras.Sequential([tf.keras.Input((4,)), sharpen])
x = np.array([[-0.3, -0.1, 0.1, 0.3]], dtype="float32")
print("prediction", np.round(model.predict(x, verbose=0), 3).tolist())
sharpen.multiple.assign(2.0**50)
print("prediction", np.round(model.predict(x, verbose=0), 3).tolist())
