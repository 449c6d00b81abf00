# SOURCE: https://github.com/csyben/PYRO-NN/issues/23
# SYMPTOM: raises TypeError
# DESCRIPTION: a Keras layer calls np.broadcast_to with the input's static shape, whose batch dimension is None when the layer is called on symbolic inputs
"""A reconstruction layer that broadcasts its geometry to the batch."""

import numpy as np
import tensorflow as tf


class Backprojection(tf.keras.layers.Layer):
    def __init__(self, geometry, **kwargs):
        super().__init__(**kwargs)
        self.geometry = np.asarray(geometry, dtype="float32")

    def call(self, sinogram):
        geometry = np.broadcast_to(self.geometry, (sinogram.shape[0],) + self.geometry.shape)  # EXPECT: graph-incompatible/numpy-on-symbolic-shape
        return sinogram * tf.reduce_sum(geometry, axis=1, keepdims=True)


inputs = tf.keras.Input(shape=(5,))
outputs = Backprojection([1.0, 2.0, 0.5])(inputs)
model = tf.keras.Model(inputs, outputs)
print("output", model(np.ones((2, 5), "float32")).shape)
