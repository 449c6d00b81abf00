# SOURCE: https://github.com/HenningBuhl/VQ-VAE_Keras_Implementation/issues/2
# SYMPTOM: raises ValueError
# DESCRIPTION: a vector-quantized autoencoder's loss closes over the encoder output and the quantized codes, two symbolic tensors of the functional graph, to add a commitment term, and fit cannot evaluate them inside the loss
"""A tiny vector-quantized autoencoder with a commitment term in its loss."""

import numpy as np
import keras
import tensorflow as tf


class Quantize(keras.layers.Layer):
    def build(self, shape):
        self.codebook = self.add_weight(shape=(4, shape[-1]), initializer="uniform")

    def call(self, z):
        distances = tf.reduce_sum(tf.square(z[:, None, :] - self.codebook[None]), axis=-1)
        codes = tf.gather(self.codebook, tf.argmin(distances, axis=1))
        return z + tf.stop_gradient(codes - z)


inputs = keras.Input((6,))
encoded = keras.layers.Dense(3)(inputs)
quantized = Quantize()(encoded)
decoded = keras.layers.Dense(6)(quantized)
model = keras.Model(inputs, decoded)


def vqvae_loss(y_true, y_pred):
    commitment = tf.reduce_mean(tf.square(encoded - tf.stop_gradient(quantized)))  # EXPECT: leaked-tensor/keras-symbolic-tensor-captured-in-loss
    return tf.reduce_mean(tf.square(y_true - y_pred)) + 0.25 * commitment


model.compile(optimizer="adam", loss=vqvae_loss)
x = np.random.default_rng(0).standard_normal((16, 6)).astype("float32")
model.fit(x, x, epochs=1, verbose=0)
print("trained")
