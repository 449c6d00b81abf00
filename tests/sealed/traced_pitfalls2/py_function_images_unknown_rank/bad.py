# SOURCE: https://github.com/tensorflow/tensorflow/issues/44970
# SYMPTOM: raises ValueError
# DESCRIPTION: a dataset map function loads its images through a Python function op, whose outputs have unknown shape in the traced map function, and the model fed by the dataset cannot work with tensors of unknown rank
"""Loading training images through a Python function in a tf.data pipeline."""

import numpy as np
import tensorflow as tf


def load_image(index):
    rng = np.random.default_rng(int(index))
    return rng.random((8, 8, 3)).astype("float32"), np.float32(index % 2)


def parse(index):
    image, label = tf.py_function(load_image, [index], [tf.float32, tf.float32])  # EXPECT: graph-incompatible/unknown-shape-from-python-function
    return image, label


dataset = tf.data.Dataset.range(16).map(parse).batch(4)
model = tf.keras.Sequential([tf.keras.layers.Flatten(), tf.keras.layers.Dense(1, activation="sigmoid")])
model.compile(optimizer="adam", loss="binary_crossentropy")
model.fit(dataset, epochs=1, verbose=0)
print("trained", len(model.weights))
