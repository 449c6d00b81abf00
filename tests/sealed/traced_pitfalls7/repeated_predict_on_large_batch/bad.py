# SOURCE: https://openillumi.com/keras-predict-memory-leak-fix-model-call
# SYMPTOM: traces >= 10
# DESCRIPTION: a loop calls model.predict again and again on one in-memory batch; every predict call sets up its own input pipeline and per-call machinery, so host memory and time grow with the loop
"""Runs the same prediction on an image batch many times, as in a monitoring loop."""

import numpy as np
import keras

side = 16
inputs = keras.Input((side, side, 12))
hidden = keras.layers.Conv2D(4, 3, padding="same", activation="relu")(inputs)
outputs = keras.layers.Conv2D(1, 1)(hidden)
model = keras.Model(inputs, outputs)

batch = np.zeros((8, side, side, 12), dtype="float32")
for step in range(6):
    result = model.predict(batch, verbose=0)  # EXPECT: retracing/keras-predict-called-per-item-in-loop
    print("step", step, result.shape)
