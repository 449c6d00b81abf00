# SOURCE: https://www.tensorflow.org/guide/keras/making_new_layers_and_models_via_subclassing
# SYMPTOM: raises OperatorNotAllowedInGraphError
"""A model's call unpacks its encoder's output into a mean and a log-variance, but the encoder
layer returns one tensor: unpacking iterates a symbolic tensor when Keras traces the call."""

import keras
import numpy as np
import tensorflow as tf


class Encoder(keras.layers.Layer):
    def __init__(self, latent):
        super().__init__()
        self.hidden = keras.layers.Dense(2 * latent)

    def call(self, inputs):
        return tf.nn.relu(self.hidden(inputs))


class Autoencoder(keras.Model):
    def __init__(self):
        super().__init__()
        self.encoder = Encoder(2)
        self.decoder = keras.layers.Dense(4)

    def call(self, inputs):
        z_mean, z_log_var = self.encoder(inputs)  # EXPECT: TF898
        return self.decoder(z_mean + tf.exp(0.5 * z_log_var))


model = Autoencoder()
model.predict(np.ones((2, 4), np.float32), verbose=0)
