"""The fix: the batch size is read at run time with tf.shape."""

import keras
import tensorflow as tf


class DeformableConv(keras.layers.Layer):
    def __init__(self, filters, **kwargs):
        super().__init__(**kwargs)
        self.conv = keras.layers.Conv2D(filters, 3, padding="same")
        self.offset = keras.layers.Conv2D(2, 3, padding="same")

    def call(self, inputs):
        batch_size = tf.shape(inputs)[0]
        offsets = self.offset(inputs)
        grid = tf.reshape(offsets, (batch_size, -1, 2))
        shift = tf.reduce_mean(grid, axis=1)[:, None, None, :1]
        return self.conv(inputs + shift)


image = keras.Input((8, 8, 1))
features = DeformableConv(6)(image)
model = keras.Model(image, features)
print("features", model.output.shape)
