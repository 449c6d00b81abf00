# SOURCE: https://github.com/tensorflow/tensorflow/issues/109333
# SYMPTOM: raises ValueError
# DESCRIPTION: dataset elements are produced by tf.numpy_function without setting their static shapes and the dataset is passed to model.fit; the elements have unknown shape, so the model cannot build its layers on them
"""Feed features transformed by NumPy code to model.fit."""

import numpy as np
import tensorflow as tf
from tensorflow import keras


def my_numpy_fn(x, y):
    return np.tanh(x), y


features = np.random.rand(64, 4).astype(np.float32)
labels = np.random.rand(64, 1).astype(np.float32)
ds = tf.data.Dataset.from_tensor_slices((features, labels))
ds = ds.map(
    lambda x, y: tf.numpy_function(my_numpy_fn, inp=[x, y], Tout=[tf.float32, tf.float32])  # EXPECT: api-misuse/numpy-function-output-shape-not-set
).batch(8)

model = keras.Sequential([keras.layers.Dense(16, activation="relu"), keras.layers.Dense(1)])
model.compile(optimizer="adam", loss="mse")
model.fit(ds, epochs=1, verbose=0)
print("[fit] done")
