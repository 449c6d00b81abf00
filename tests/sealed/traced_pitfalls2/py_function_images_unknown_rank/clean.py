"""The fix: restore the static shapes of the Python function's outputs with set_shape."""

import numpy as np
import tensorflow as tf


def load_image(index):
    rng = np.random.default_rng(int(index))
    return rng.random((8, 8, 3)).astype("float32"), np.float32(index % 2)


def parse(index):
    image, label = tf.py_function(load_image, [index], [tf.float32, tf.float32])
    image.set_shape([8, 8, 3])
    label.set_shape([])
    return image, label


dataset = tf.data.Dataset.range(16).map(parse).batch(4)
model = tf.keras.Sequential([tf.keras.layers.Flatten(), tf.keras.layers.Dense(1, activation="sigmoid")])
model.compile(optimizer="adam", loss="binary_crossentropy")
model.fit(dataset, epochs=1, verbose=0)
print("trained", len(model.weights))
