# SOURCE: https://github.com/tensorflow/tensorflow/issues/25073
# SYMPTOM: traces >= 35
# DESCRIPTION: a training script recompiles the model before every call to fit in its outer loop, which throws away the compiled training function each time, so every iteration traces the training step again and fit gets slower
"""Trains a small classifier one sample at a time, recompiling before each fit."""

import numpy as np
import keras

input1 = np.array([[0, 1, 1, 1, 0, 0, 0, 1, 1, 1]], "float32")
output1 = np.array([[1, 0, 0, 0, 0, 0, 0, 0, 0, 0]], "float32")

model = keras.Sequential([keras.Input((10,)), keras.layers.Dense(25, activation="relu"), keras.layers.Dense(10)])
for iteration in range(8):
    model.compile(optimizer="sgd", loss="mse")  # EXPECT: retracing/compile-called-in-loop
    history = model.fit(input1, output1, epochs=1, verbose=0)
    print("loss", iteration, round(history.history["loss"][0], 4))
