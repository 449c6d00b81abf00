"""The fix: the time step is passed to the Lambda as an argument, bound per layer."""

import numpy as np
import keras

TX = 4
sequence = keras.Input((TX, 3))
cell = keras.layers.Dense(2, kernel_initializer="ones")
steps = []
for t in range(TX):
    x = keras.layers.Lambda(lambda z, step: z[:, step, :], arguments={"step": t})(sequence)
    steps.append(cell(x))
model = keras.Model(sequence, steps)

data = np.arange(TX * 3, dtype="float32").reshape(1, TX, 3)
for t, out in enumerate(model.predict(data, verbose=0)):
    print("step", round(float(out.sum()), 3))
