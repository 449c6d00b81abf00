"""The fix: take the unknown dimensions from tf.shape at run time (or -1), not from the static shape."""

import numpy as np
import tensorflow as tf


class FeaturePool(tf.keras.layers.Layer):
    def __init__(self, pool_size=2, **kwargs):
        super().__init__(**kwargs)
        self.pool_size = pool_size

    def call(self, x):
        shape = tf.shape(x)
        num_out = x.shape[-1] // self.pool_size
        pool_shape = tf.concat([shape[:-1], [num_out, self.pool_size]], axis=0)
        reshaped = tf.reshape(x, pool_shape)
        return tf.reduce_max(reshaped, axis=-1)


inputs = tf.keras.Input((8, 8, 3))
x = tf.keras.layers.Conv2D(8, 3, padding="same")(inputs)
x = FeaturePool()(x)
outputs = tf.keras.layers.Dense(1)(tf.keras.layers.Flatten()(x))
model = tf.keras.Model(inputs, outputs)
print("out", model.predict(np.random.rand(2, 8, 8, 3).astype("float32"), verbose=0).shape)
