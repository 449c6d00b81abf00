"""The fix: sample inside a layer's call (with a SeedGenerator), where the shape of Z_mean
is the real batch shape, so fresh noise is drawn on every call."""

import keras
import numpy as np

ko = keras.ops


class Sampling(keras.layers.Layer):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.seed_generator = keras.random.SeedGenerator(1337)

    def call(self, inputs):
        z_mean, z_log_var = inputs
        eps = keras.random.normal(shape=ko.shape(z_mean), seed=self.seed_generator)
        return z_mean + ko.exp(0.5 * z_log_var) * eps


inputs = keras.Input(shape=(32, 12))
h = keras.layers.Dense(16, activation="relu")(inputs)
Z_mean = keras.layers.Dense(12)(h)
Z_log_var = keras.layers.Dense(12)(h)
Z = Sampling()([Z_mean, Z_log_var])
encoder = keras.Model(inputs, [Z_mean, Z_log_var, Z])

z_mean, z_log_var, z = encoder(np.random.rand(2, 32, 12).astype("float32"))
print("[latent]", tuple(z.shape))
