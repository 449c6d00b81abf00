"""The fix: build Keras Conv2D layers (the TF2 replacement for tf.layers.conv2d) once in
the constructor and call them on the input."""

import numpy as np
import tensorflow as tf


class GMCNNBranch:
    def __init__(self, cnum=8):
        self.cnum = cnum
        self.conv_a = tf.keras.layers.Conv2D(cnum, kernel_size=7, strides=1, activation=tf.nn.elu, padding="same")
        self.conv_b = tf.keras.layers.Conv2D(2 * cnum, kernel_size=7, strides=2, activation=tf.nn.elu, padding="same")

    def __call__(self, x):
        x = self.conv_a(x)
        x = self.conv_b(x)
        return x


images = tf.constant(np.random.default_rng(0).random((2, 32, 32, 3)).astype("float32"))
branch = GMCNNBranch()
print("[features]", branch(images).shape)
