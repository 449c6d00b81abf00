# SOURCE: https://github.com/keras-team/keras/issues/13454
# SYMPTOM: distinct "prediction" < 2
# DESCRIPTION: a custom layer's scaling factor is a plain Python attribute that the script changes between two predict calls, but predict reuses the function it traced with the first value, so the change has no effect
"""A sharpening layer whose multiple is changed between two predictions."""

import numpy as np
import tensorflow as tf


class Sharpen(tf.keras.layers.Layer):
    def __init__(self, multiple, **kwargs):
        super().__init__(**kwargs)
        self.multiple = multiple

    def call(self, x):
        return tf.sigmoid(x * self.multiple)  # EXPECT: stale-capture/python-attribute-read-in-traced-code


sharpen = Sharpen(2.0)
model = tf.keras.Sequential([tf.keras.Input((4,)), sharpen])
x = np.array([[-0.3, -0.1, 0.1, 0.3]], dtype="float32")
print("prediction", np.round(model.predict(x, verbose=0), 3).tolist())
sharpen.multiple = 2.0**50
print("prediction", np.round(model.predict(x, verbose=0), 3).tolist())
