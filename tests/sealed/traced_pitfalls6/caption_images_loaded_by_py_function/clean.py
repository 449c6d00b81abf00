"""The fix: the map function sets the static shapes of the py_function outputs."""

import numpy as np
import keras
import tensorflow as tf

rng = np.random.default_rng(0)
pixels = rng.random((12, 8, 8, 3)).astype("float32")
labels = rng.integers(0, 2, (12, 5)).astype("float32")


def load_example(index):
    i = int(index.numpy())
    return pixels[i], labels[i]


def load(index):
    image, label = tf.py_function(load_example, [index], [tf.float32, tf.float32])
    image.set_shape((8, 8, 3))
    label.set_shape((5,))
    return image, label


dataset = tf.data.Dataset.range(12).map(load).batch(4)
model = keras.Sequential(
    [keras.Input((8, 8, 3)), keras.layers.Flatten(), keras.layers.Dense(5, activation="sigmoid")]
)
model.compile(optimizer="adam", loss="binary_crossentropy")
history = model.fit(dataset, epochs=1, verbose=0)
print("loss", history.history["loss"][-1])
