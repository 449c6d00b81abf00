# SOURCE: https://github.com/tensorflow/tensorflow/issues/40261
# SYMPTOM: traces >= 20
# DESCRIPTION: a program calls model.predict on one sample at a time inside a Python while loop; predict is a batch API that sets up its data adapter and compiled predict function on every call, so each single-sample call pays tracing and setup costs and the loop runs many times slower than calling the model directly
"""Query a small Keras model once per step of a Python loop."""

import time

import numpy as np
from tensorflow.keras import Input, Model
from tensorflow.keras.layers import Dense

x = Input(shape=(1, 1))
y = Dense(1)(x)
model = Model(inputs=x, outputs=y)

t = time.time()
i = 0
outputs = []
while i < 20:
    outputs.append(model.predict(np.zeros((1, 1, 1)), verbose=0))  # EXPECT: api-misuse/model-predict-per-sample-in-loop|retracing/predict-function-rebuilt-per-call
    i += 1
print("[steps]", len(outputs))
print("[seconds]", round(time.time() - t, 3))
