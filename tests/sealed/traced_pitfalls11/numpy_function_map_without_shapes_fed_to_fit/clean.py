"""The fix: restore the static shapes of the numpy_function outputs with set_shape."""

import numpy as np
import tensorflow as tf
from tensorflow import keras


def my_numpy_fn(x, y):
    return np.tanh(x), y


def transform(x, y):
    new_x, new_y = tf.numpy_function(my_numpy_fn, inp=[x, y], Tout=[tf.float32, tf.float32])
    new_x.set_shape(x.shape)
    new_y.set_shape(y.shape)
    return new_x, new_y


features = np.random.rand(64, 4).astype(np.float32)
labels = np.random.rand(64, 1).astype(np.float32)
ds = tf.data.Dataset.from_tensor_slices((features, labels)).map(transform).batch(8)

model = keras.Sequential([keras.layers.Dense(16, activation="relu"), keras.layers.Dense(1)])
model.compile(optimizer="adam", loss="mse")
model.fit(ds, epochs=1, verbose=0)
print("[fit] done")
