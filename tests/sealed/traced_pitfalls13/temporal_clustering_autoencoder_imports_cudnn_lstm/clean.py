import numpy as np
# LSTM uses the cuDNN kernel on its own when a GPU and the default arguments allow it
from keras.layers import Input, Conv1D, LeakyReLU, MaxPool1D, Bidirectional, LSTM, Reshape, UpSampling2D, Conv2DTranspose
from keras.models import Model

timesteps, input_dim, n_filters, n_units, pool_size = 64, 1, 8, (16, 1), 8


def temporal_autoencoder():
    x = Input(shape=(timesteps, input_dim), name="input_seq")
    encoded = Conv1D(n_filters, 10, padding="same")(x)
    encoded = LeakyReLU()(encoded)
    encoded = MaxPool1D(pool_size)(encoded)
    encoded = Bidirectional(LSTM(n_units[0], return_sequences=True), merge_mode="sum")(encoded)
    encoded = LeakyReLU()(encoded)
    encoded = Bidirectional(LSTM(n_units[1], return_sequences=True), merge_mode="sum")(encoded)
    encoded = LeakyReLU(name="latent")(encoded)
    decoded = Reshape((-1, 1, n_units[1]))(encoded)
    decoded = UpSampling2D((pool_size, 1))(decoded)
    decoded = Conv2DTranspose(input_dim, (10, 1), padding="same")(decoded)
    decoded = Reshape((-1, input_dim), name="output_seq")(decoded)
    return Model(inputs=x, outputs=decoded)


autoencoder = temporal_autoencoder()
autoencoder.compile(optimizer="adam", loss="mse")
series = np.random.rand(32, timesteps, input_dim).astype("float32")
history = autoencoder.fit(series, series, epochs=2, batch_size=8, verbose=0)
print("reconstruction loss", history.history["loss"][-1])
