import numpy as np
import keras
from keras.layers import LSTM
from keras.models import Sequential

rng = np.random.default_rng(1401)
x = np.eye(5)[rng.integers(0, 5, (64, 10))].astype("float32")  # (samples, timesteps, input_dim)

model = Sequential()
model.add(keras.Input((10, 5)))
encoded = LSTM(3, return_sequences=True)
model.add(encoded)
decoded = LSTM(5, return_sequences=True)
model.add(decoded)
model.compile(optimizer="adam", loss="mse")
model.fit(x, x, epochs=1, batch_size=16, verbose=0)
print("reconstruction", model.predict(x[:2], verbose=0).shape)
