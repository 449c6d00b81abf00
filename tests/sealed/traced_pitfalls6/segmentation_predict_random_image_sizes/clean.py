"""The fix: the model is called directly (model(x, training=False)), without predict's graph."""

import numpy as np
import keras

inputs = keras.Input((None, None, 3))
x = keras.layers.Conv2D(4, 3, padding="same")(inputs)
model = keras.Model(inputs, x)

rng = np.random.default_rng(0)
for count in range(6):
    height, width = rng.integers(8, 40, 2)
    image = rng.uniform(0, 256, (int(height), int(width), 3)).astype("float32")
    out = model(image[np.newaxis], training=False)
    print("prediction", count, tuple(out.shape))
