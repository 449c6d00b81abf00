# SOURCE: https://github.com/keras-team/keras/issues/19766
# SYMPTOM: raises ValueError
# DESCRIPTION: while migrating a VAE-style model to Keras 3, the author samples the reparameterisation noise with keras.random.normal(shape=keras.ops.shape(Z_mean)) directly on the functional graph; Z_mean is a symbolic KerasTensor with an undefined batch dimension, so an eager random tensor of that shape cannot be created
"""VAE-style encoder that samples a latent code with the reparameterisation trick."""

import keras
import numpy as np

ko = keras.ops

inputs = keras.Input(shape=(32, 12))
h = keras.layers.Dense(16, activation="relu")(inputs)
Z_mean = keras.layers.Dense(12)(h)
Z_log_var = keras.layers.Dense(12)(h)
eps = keras.random.normal(shape=ko.shape(Z_mean))  # EXPECT: keras3/random-op-on-symbolic-shape-at-build
Z = Z_mean + ko.exp(0.5 * Z_log_var) * eps
encoder = keras.Model(inputs, [Z_mean, Z_log_var, Z])

z_mean, z_log_var, z = encoder(np.random.rand(2, 32, 12).astype("float32"))
print("[latent]", tuple(z.shape))
