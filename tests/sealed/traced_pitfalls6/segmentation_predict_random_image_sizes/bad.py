# SOURCE: https://github.com/tensorflow/tensorflow/issues/38598
# SYMPTOM: traces >= 10
# DESCRIPTION: a fully convolutional model is run with model.predict on images of a different random size each time, so the prediction function is traced again for every new input shape
"""Runs a fully convolutional model on images of varying size."""

import numpy as np
import keras

inputs = keras.Input((None, None, 3))
x = keras.layers.Conv2D(4, 3, padding="same")(inputs)
model = keras.Model(inputs, x)

rng = np.random.default_rng(0)
for count in range(6):
    height, width = rng.integers(8, 40, 2)
    image = rng.uniform(0, 256, (int(height), int(width), 3)).astype("float32")
    out = model.predict(image[np.newaxis], verbose=0)  # EXPECT: retracing/shape-varies-between-calls
    print("prediction", count, out.shape)
