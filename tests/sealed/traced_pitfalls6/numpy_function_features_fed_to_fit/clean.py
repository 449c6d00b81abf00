"""The fix: tf.ensure_shape gives the NumPy output its static shape."""

import numpy as np
import keras
import tensorflow as tf


def engineer(row):
    return np.concatenate([row, row**2]).astype("float32")


def to_features(row, target):
    features = tf.numpy_function(engineer, [row], tf.float32)
    features = tf.ensure_shape(features, (6,))
    return features, target


rng = np.random.default_rng(0)
rows = rng.random((16, 3)).astype("float32")
targets = rng.random((16, 1)).astype("float32")
dataset = tf.data.Dataset.from_tensor_slices((rows, targets)).map(to_features).batch(4)

model = keras.Sequential([keras.Input((6,)), keras.layers.Dense(1)])
model.compile(optimizer="sgd", loss="mse")
history = model.fit(dataset, epochs=1, verbose=0)
print("loss", history.history["loss"][-1])
