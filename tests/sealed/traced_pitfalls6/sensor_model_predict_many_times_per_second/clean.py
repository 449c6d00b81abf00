"""The fix suggested in the thread: call the model directly, model(x, training=False)."""

import numpy as np
import keras

inputs = keras.Input((10,))
x = keras.layers.Dense(32)(inputs)
outputs = keras.layers.Dense(2)(x)
model = keras.Model(inputs, outputs)

rng = np.random.default_rng(0)
for tick in range(5):
    reading = rng.random((1, 10)).astype("float32")
    action = model(reading, training=False)
    print("action", tick, int(np.argmax(action)))
