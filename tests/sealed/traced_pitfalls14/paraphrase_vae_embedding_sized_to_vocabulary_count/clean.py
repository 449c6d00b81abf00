import numpy as np
import keras
from keras import layers

keras.utils.set_random_seed(0)
input_dim = 30  # number of distinct tokens; ids are 1..30 because 0 is padding
timesteps = 6
rng = np.random.default_rng(0)
x = rng.integers(1, input_dim + 1, size=(16, timesteps))
x[0, -1] = input_dim

inputs = keras.Input((timesteps,), dtype="int32")
embedding_layer = layers.Embedding(input_dim=input_dim + 1, output_dim=16)
h = layers.LSTM(32)(embedding_layer(inputs))
z_mean = layers.Dense(8)(h)
decoded = layers.RepeatVector(timesteps)(z_mean)
decoded = layers.LSTM(32, return_sequences=True)(decoded)
outputs = layers.Dense(input_dim + 1, activation="softmax")(decoded)
vae = keras.Model(inputs, outputs)
vae.compile(optimizer="adam", loss="sparse_categorical_crossentropy")
vae.fit(x, x, epochs=1, batch_size=8, verbose=0)
print("trained")
