"""The fix: call the model directly on each small input."""

import numpy as np
import keras

inputs = keras.Input((32, 32, 3))
x = keras.layers.Conv2D(8, 3, activation="relu")(inputs)
x = keras.layers.GlobalAveragePooling2D()(x)
outputs = keras.layers.Dense(10, activation="softmax")(x)
model = keras.Model(inputs, outputs)
X = np.random.default_rng(0).random((1, 32, 32, 3)).astype("float32")

for request in range(6):
    y = np.asarray(model(X, training=False))[0]
    print("class", request, int(np.argmax(y)))
