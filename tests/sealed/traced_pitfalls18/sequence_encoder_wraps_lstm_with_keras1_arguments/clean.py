import numpy as np
import keras
from keras.layers import LSTM, Bidirectional, Dense

batch, steps, features, hidden_dim = 4, 6, 3, 8
rng = np.random.default_rng(5122)
x = rng.random((batch * 4, steps, features)).astype("float32")
y = rng.random((batch * 4, 1)).astype("float32")

encoder = keras.Sequential()
encoder.add(keras.Input(batch_shape=(batch, steps, features)))
encoder.add(Bidirectional(
    LSTM(hidden_dim, return_sequences=False),
    merge_mode="sum"))
encoder.add(Dense(1))
encoder.compile(optimizer="adam", loss="mse")
encoder.fit(x, y, batch_size=batch, epochs=1, verbose=0)
print("encoded", encoder.predict(x[:batch], verbose=0).shape)
