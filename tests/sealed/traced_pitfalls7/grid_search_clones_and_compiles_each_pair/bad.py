# SOURCE: https://discuss.tensorflow.org/t/keras-model-memory-leak/19675
# SYMPTOM: traces >= 24
# DESCRIPTION: a search loop clones and compiles a fresh Keras model for every configuration and fits it, so every iteration traces new training functions and host memory keeps growing
"""Fits one small LSTM per pair of input features."""

import numpy as np
import keras
from itertools import product

rng = np.random.default_rng(0)
x_train = rng.random((16, 5, 3)).astype("float32")
y_train = rng.random((16, 1)).astype("float32")

l0 = keras.Input(shape=(5, 3))
l1 = keras.layers.LSTM(4)(l0)
l2 = keras.layers.Dense(1)(l1)
basic_model = keras.Model(l0, l2)

for i, j in product(range(2), repeat=2):
    ur = keras.models.clone_model(basic_model)
    ur.compile(optimizer="adam", loss="mse")  # EXPECT: retracing/compile-called-in-loop
    history = ur.fit(x_train, y_train, epochs=1, batch_size=8, verbose=0)
    print("pair", i, j, round(history.history["loss"][-1], 3))
