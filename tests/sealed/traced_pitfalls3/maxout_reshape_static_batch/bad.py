# SOURCE: https://github.com/keras-team/keras/issues/4671
# SYMPTOM: raises Exception
# DESCRIPTION: a maxout (feature pooling) layer builds its reshape target from the input's static shape, whose batch dimension is unknown, so the reshape inside the layer's call fails when the model is built with an unspecified batch size
"""A feature-pooling (maxout) layer in a small CNN."""

import numpy as np
import tensorflow as tf


class FeaturePool(tf.keras.layers.Layer):
    def __init__(self, pool_size=2, **kwargs):
        super().__init__(**kwargs)
        self.pool_size = pool_size

    def call(self, x):
        input_shape = tuple(x.shape)
        num_out = input_shape[-1] // self.pool_size
        pool_shape = input_shape[:-1] + (num_out, self.pool_size)
        reshaped = tf.reshape(x, pool_shape)  # EXPECT: graph-incompatible/static-shape-with-none-dimension
        return tf.reduce_max(reshaped, axis=-1)


inputs = tf.keras.Input((8, 8, 3))
x = tf.keras.layers.Conv2D(8, 3, padding="same")(inputs)
x = FeaturePool()(x)
outputs = tf.keras.layers.Dense(1)(tf.keras.layers.Flatten()(x))
model = tf.keras.Model(inputs, outputs)
print("out", model.predict(np.random.rand(2, 8, 8, 3).astype("float32"), verbose=0).shape)
