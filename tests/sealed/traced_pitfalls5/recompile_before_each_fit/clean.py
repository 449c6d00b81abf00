"""The fix: the model is compiled once, before the loop."""

import numpy as np
import keras

input1 = np.array([[0, 1, 1, 1, 0, 0, 0, 1, 1, 1]], "float32")
output1 = np.array([[1, 0, 0, 0, 0, 0, 0, 0, 0, 0]], "float32")

model = keras.Sequential([keras.Input((10,)), keras.layers.Dense(25, activation="relu"), keras.layers.Dense(10)])
model.compile(optimizer="sgd", loss="mse")
for iteration in range(8):
    history = model.fit(input1, output1, epochs=1, verbose=0)
    print("loss", iteration, round(history.history["loss"][0], 4))
