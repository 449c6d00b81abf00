# SOURCE: https://py4u.org/questions/58378374/
# SYMPTOM: traces >= 10
# DESCRIPTION: after compiling a small model, a benchmark times model.predict on single samples in a loop; predict is a batch API that sets up its prediction graph on each call, so every single-sample prediction pays the tracing cost
"""Times single-sample predictions of a compiled model."""

import time

import numpy as np
import keras

model = keras.Sequential(
    [keras.Input((8,)), keras.layers.Dense(16, activation="relu"), keras.layers.Dense(2, activation="softmax")]
)
model.compile(optimizer="adam", loss="categorical_crossentropy")

x = np.random.default_rng(0).random((5, 8)).astype("float32")
start = time.perf_counter()
for sample in x:
    probabilities = model.predict(sample[None, :], verbose=0)  # EXPECT: retracing/keras-predict-called-per-item-in-loop
    print("class", int(np.argmax(probabilities)))
print("timed", time.perf_counter() - start > 0)
