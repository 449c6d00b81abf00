# SOURCE: https://www.tensorflow.org/guide/keras/making_new_layers_and_models_via_subclassing
# SYMPTOM: raises OperatorNotAllowedInGraphError
"""The encoder returns the mean and the log-variance as a tuple, which unpacks."""

import keras
import numpy as np
import tensorflow as tf


class Encoder(keras.layers.Layer):
    def __init__(self, latent):
        super().__init__()
        self.mean = keras.layers.Dense(latent)
        self.log_var = keras.layers.Dense(latent)

    def call(self, inputs):
        return self.mean(inputs), self.log_var(inputs)


class Autoencoder(keras.Model):
    def __init__(self):
        super().__init__()
        self.encoder = Encoder(2)
        self.decoder = keras.layers.Dense(4)

    def call(self, inputs):
        z_mean, z_log_var = self.encoder(inputs)
        return self.decoder(z_mean + tf.exp(0.5 * z_log_var))


model = Autoencoder()
model.predict(np.ones((2, 4), np.float32), verbose=0)
