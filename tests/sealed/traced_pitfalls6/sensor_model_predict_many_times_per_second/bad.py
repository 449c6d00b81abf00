# SOURCE: https://github.com/tensorflow/tensorflow/issues/33030
# SYMPTOM: traces >= 10
# DESCRIPTION: a monitoring loop calls model.predict on every new sensor reading, many times per second; predict rebuilds its per-call machinery each time, so memory and time grow
"""Reacts to a stream of sensor readings with a small Keras model."""

import numpy as np
import keras

inputs = keras.Input((10,))
x = keras.layers.Dense(32)(inputs)
outputs = keras.layers.Dense(2)(x)
model = keras.Model(inputs, outputs)

rng = np.random.default_rng(0)
for tick in range(5):
    reading = rng.random((1, 10)).astype("float32")
    action = model.predict(reading, verbose=0)  # EXPECT: retracing/keras-predict-called-per-item-in-loop
    print("action", tick, int(np.argmax(action)))
