"""The fix: two fit calls, with the unfreezing and recompiling between them."""

import numpy as np
import keras

base = keras.layers.Dense(4, activation="relu")
base.trainable = False
model = keras.Sequential([keras.Input((3,)), base, keras.layers.Dense(1)])
model.compile(optimizer="rmsprop", loss="mse")
x = np.random.default_rng(0).random((16, 3)).astype("float32")
y = x.sum(axis=1, keepdims=True)
model.fit(x, y, epochs=1, verbose=0)
base.trainable = True
model.compile(optimizer="rmsprop", loss="mse")
history = model.fit(x, y, initial_epoch=1, epochs=3, verbose=0)
print("loss", history.history["loss"][-1])
