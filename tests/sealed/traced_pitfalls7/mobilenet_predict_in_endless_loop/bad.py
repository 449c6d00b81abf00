# SOURCE: https://github.com/tensorflow/tensorflow/issues/39627
# SYMPTOM: traces >= 10
# DESCRIPTION: a loaded image classifier is queried with model.predict inside an endless serving loop, one sample at a time; each predict call sets up a new input pipeline and per-call machinery, and memory keeps rising
"""A classifier that answers one image at a time in a serving loop."""

import numpy as np
import keras

inputs = keras.Input((32, 32, 3))
x = keras.layers.Conv2D(8, 3, activation="relu")(inputs)
x = keras.layers.GlobalAveragePooling2D()(x)
outputs = keras.layers.Dense(10, activation="softmax")(x)
model = keras.Model(inputs, outputs)
X = np.random.default_rng(0).random((1, 32, 32, 3)).astype("float32")

for request in range(6):
    y = model.predict(X, verbose=0)[0]  # EXPECT: retracing/keras-predict-called-per-item-in-loop
    print("class", request, int(np.argmax(y)))
