"""The workaround from the thread: compile one model once and reset its weights with save/load."""

import os
import tempfile

import numpy as np
import keras
from itertools import product

rng = np.random.default_rng(0)
x_train = rng.random((16, 5, 3)).astype("float32")
y_train = rng.random((16, 1)).astype("float32")

l0 = keras.Input(shape=(5, 3))
l1 = keras.layers.LSTM(4)(l0)
l2 = keras.layers.Dense(1)(l1)
ur = keras.Model(l0, l2)
ur.compile(optimizer="adam", loss="mse")
initial = os.path.join(tempfile.mkdtemp(), "initial.weights.h5")
ur.save_weights(initial)

for i, j in product(range(2), repeat=2):
    ur.load_weights(initial)
    history = ur.fit(x_train, y_train, epochs=1, batch_size=8, verbose=0)
    print("pair", i, j, round(history.history["loss"][-1], 3))
