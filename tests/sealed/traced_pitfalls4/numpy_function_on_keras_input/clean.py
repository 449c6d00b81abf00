"""The fix: the NumPy transform runs inside a layer's call, on real (traced) tensors."""

import numpy as np
import tensorflow as tf


class NumpySin(tf.keras.layers.Layer):
    def call(self, x):
        y = tf.numpy_function(np.sin, [x], tf.float32)
        y.set_shape(x.shape)
        return y


x = tf.keras.Input((2,))
features = NumpySin()(x)
model = tf.keras.Model(x, tf.keras.layers.Dense(1)(features))
print("out", model.predict(np.random.rand(4, 2).astype("float32"), verbose=0).shape)
