# SOURCE: https://github.com/keras-team/keras/issues/14197
# SYMPTOM: raises AttributeError
# DESCRIPTION: a VAE tutorial's KL-divergence identity layer computes its loss with keras.backend math helpers and registers it with add_loss(..., inputs=...), a Keras 2 backend API that Keras 3 removed
import numpy as np
import keras
from keras import backend as K
from keras.layers import Input, Dense, Layer
from keras.models import Model

original_dim = 16
latent_dim = 2


class KLDivergenceLayer(Layer):
    """Identity transform layer that adds KL divergence to the final model loss."""

    def call(self, inputs):
        mu, log_var = inputs
        kl_batch = -0.5 * K.sum(1 + log_var - K.square(mu) - K.exp(log_var), axis=-1)  # EXPECT: keras3/removed-backend-function
        self.add_loss(K.mean(kl_batch), inputs=inputs)
        return inputs


x = Input(shape=(original_dim,))
h = Dense(8, activation="relu")(x)
z_mu = Dense(latent_dim)(h)
z_log_var = Dense(latent_dim)(h)
z_mu, z_log_var = KLDivergenceLayer()([z_mu, z_log_var])
x_pred = Dense(original_dim, activation="sigmoid")(Dense(8, activation="relu")(z_mu))
vae = Model(x, x_pred)
vae.compile(optimizer="rmsprop", loss="binary_crossentropy")
data = np.random.default_rng(0).random((32, original_dim)).astype("float32")
history = vae.fit(data, data, batch_size=8, epochs=1, verbose=0)
print("loss", history.history["loss"][-1])
