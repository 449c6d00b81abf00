# SOURCE: https://github.com/keras-team/keras/issues/13914
# SYMPTOM: distinct "step" < 2
# DESCRIPTION: a model slices each time step of a sequence with Lambda layers created in a Python loop whose lambdas close over the loop variable, so when the model runs every slice reads the last time step
"""Feeds each time step of a sequence through a shared cell."""

import numpy as np
import keras

TX = 4
sequence = keras.Input((TX, 3))
cell = keras.layers.Dense(2, kernel_initializer="ones")
steps = []
for t in range(TX):
    x = keras.layers.Lambda(lambda z: z[:, t, :])(sequence)  # EXPECT: stale-capture/loop-variable-captured-by-lambda
    steps.append(cell(x))
model = keras.Model(sequence, steps)

data = np.arange(TX * 3, dtype="float32").reshape(1, TX, 3)
for t, out in enumerate(model.predict(data, verbose=0)):
    print("step", round(float(out.sum()), 3))
