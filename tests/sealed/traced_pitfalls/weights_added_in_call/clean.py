"""The fix: create the kernel once in build, and only use it in call."""

import numpy as np
import tensorflow as tf


class OctConv2D(tf.keras.layers.Layer):
    def __init__(self, filters, alpha=0.5, **kwargs):
        super().__init__(**kwargs)
        self.filters = filters
        self.alpha = alpha

    def build(self, input_shape):
        high_channels = int(self.filters * (1 - self.alpha))
        self.kernel = self.add_weight(shape=(3, 3, input_shape[-1], high_channels), initializer="glorot_uniform", name="high_kernel")

    def call(self, inputs):
        return tf.nn.conv2d(inputs, self.kernel, strides=1, padding="SAME")


model = tf.keras.Sequential([tf.keras.Input((16, 16, 3)), OctConv2D(8), tf.keras.layers.GlobalAveragePooling2D(), tf.keras.layers.Dense(1)])
model.compile(optimizer="adam", loss="mse")
model.fit(np.random.rand(16, 16, 16, 3), np.random.rand(16, 1), batch_size=8, epochs=1, verbose=0)
print("trained")
