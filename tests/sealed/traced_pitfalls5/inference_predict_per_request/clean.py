"""The fix: the model is called directly, which runs the layers without a new predict graph."""

import numpy as np
import keras

inputs = keras.Input((None,))
outputs = keras.layers.Lambda(lambda t: keras.ops.mean(t, axis=1, keepdims=True))(inputs)
model = keras.Model(inputs, outputs)

rng = np.random.default_rng(0)
for length in range(2, 14):
    request = rng.standard_normal((1, length)).astype("float32")
    score = model(request, training=False)
    print("score", length, float(score[0, 0]))
