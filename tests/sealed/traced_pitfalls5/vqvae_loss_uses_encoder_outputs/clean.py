"""The fix: the quantizer adds the commitment term itself with add_loss, from its own call."""

import numpy as np
import keras
import tensorflow as tf


class Quantize(keras.layers.Layer):
    def build(self, shape):
        self.codebook = self.add_weight(shape=(4, shape[-1]), initializer="uniform")

    def call(self, z):
        distances = tf.reduce_sum(tf.square(z[:, None, :] - self.codebook[None]), axis=-1)
        codes = tf.gather(self.codebook, tf.argmin(distances, axis=1))
        self.add_loss(0.25 * tf.reduce_mean(tf.square(z - tf.stop_gradient(codes))))
        return z + tf.stop_gradient(codes - z)


inputs = keras.Input((6,))
encoded = keras.layers.Dense(3)(inputs)
quantized = Quantize()(encoded)
decoded = keras.layers.Dense(6)(quantized)
model = keras.Model(inputs, decoded)
model.compile(optimizer="adam", loss="mse")
x = np.random.default_rng(0).standard_normal((16, 6)).astype("float32")
model.fit(x, x, epochs=1, verbose=0)
print("trained")
