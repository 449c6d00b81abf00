# SOURCE: https://www.tensorflow.org/guide/data
# SYMPTOM: raises ValueError
"""The map function restores the static shape it knows before returning."""

import keras
import numpy as np
import tensorflow as tf


def _load(index):
    return np.full([4], index, np.float32)


def load_example(index, label):
    features = tf.numpy_function(_load, [index], tf.float32)
    features.set_shape([4])
    return features, label


indices = tf.data.Dataset.from_tensor_slices((np.arange(8, dtype=np.float32), np.zeros(8)))
train = indices.map(load_example).batch(4)
model = keras.Sequential([keras.layers.Dense(1)])
model.compile(optimizer="sgd", loss="mse")
model.fit(train, epochs=1, verbose=0)
