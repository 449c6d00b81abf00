import numpy as np
import keras
from keras.layers import LSTM, Conv1D, Dense, GlobalMaxPooling1D, Input

inputs = Input((50, 16))
h = LSTM(32, return_sequences=True)(inputs)
h = Conv1D(8, 5)(h)
outputs = Dense(1, activation="sigmoid")(GlobalMaxPooling1D()(h))
model = keras.Model(inputs, outputs)
model.compile(optimizer="adam", loss="binary_crossentropy")
rng = np.random.default_rng(5222)
x = rng.random((16, 50, 16)).astype("float32")
model.fit(x, rng.integers(0, 2, 16), epochs=1, verbose=0)
print("scores", model.predict(x[:2], verbose=0).ravel().shape)
