# SOURCE: https://github.com/DHZS/tf-deformable-conv-layer/issues/3
# SYMPTOM: raises TypeError
# DESCRIPTION: a deformable-convolution layer converts the static batch dimension of its input to a Python int inside call, which fails because the batch dimension is unknown when the functional model is built
"""A simplified deformable convolution used in a functional model."""

import keras
import tensorflow as tf


class DeformableConv(keras.layers.Layer):
    def __init__(self, filters, **kwargs):
        super().__init__(**kwargs)
        self.conv = keras.layers.Conv2D(filters, 3, padding="same")
        self.offset = keras.layers.Conv2D(2, 3, padding="same")

    def call(self, inputs):
        batch_size = int(inputs.shape[0])  # EXPECT: graph-incompatible/static-shape-with-none-dimension
        offsets = self.offset(inputs)
        grid = tf.reshape(offsets, (batch_size, -1, 2))
        shift = tf.reduce_mean(grid, axis=1)[:, None, None, :1]
        return self.conv(inputs + shift)


image = keras.Input((8, 8, 1))
features = DeformableConv(6)(image)
model = keras.Model(image, features)
print("features", model.output.shape)
