# SOURCE: https://github.com/captain-pool/GSOC/pull/38
# SYMPTOM: raises ValueError
# DESCRIPTION: a residual dense block stores a lambda that constructs a new Conv2D layer each time it is applied, so every call of the block, traced or not, builds fresh weights
"""A residual-in-residual dense block for a super-resolution generator."""

import numpy as np
import tensorflow as tf


class RDB(tf.keras.layers.Layer):
    def __init__(self, out_features=8, bias=True):
        super().__init__()
        self.conv = lambda x: tf.keras.layers.Conv2D(out_features, kernel_size=[3, 3], strides=[1, 1], padding="same", use_bias=bias)(x)  # EXPECT: variable-creation/layer-built-in-traced-code
        self.lrelu = tf.keras.layers.LeakyReLU(0.2)

    def call(self, x):
        x1 = self.lrelu(self.conv(x))
        x2 = self.lrelu(self.conv(tf.concat([x, x1], axis=-1)))
        return x + 0.2 * x2


model = tf.keras.Sequential([tf.keras.Input((8, 8, 8)), RDB(8), tf.keras.layers.Conv2D(3, 3, padding="same")])
model.compile(optimizer="adam", loss="mse")
model.fit(np.random.rand(8, 8, 8, 8), np.random.rand(8, 8, 8, 3), batch_size=4, epochs=1, verbose=0)
print("trained")
