# SOURCE: https://github.com/tensorflow/tensorflow/issues/82637
# SYMPTOM: raises ValueError
# DESCRIPTION: a validation pipeline builds its features with a Python function wrapped in the dataset map, and the wrapped call's outputs have no static shape, so evaluating the model on the pipeline fails
"""Evaluates a classifier on features computed by a Python helper in the input pipeline."""

import numpy as np
import keras
import tensorflow as tf


def featurize(index):
    rng = np.random.default_rng(int(index))
    return rng.standard_normal(6).astype(np.float32), np.float32(index % 2)


def load(index):
    return tf.py_function(featurize, [index], [tf.float32, tf.float32])  # EXPECT: graph-incompatible/unknown-shape-from-python-function


valid = tf.data.Dataset.range(16).map(load).batch(4)
model = keras.Sequential([keras.Input((6,)), keras.layers.Dense(1, activation="sigmoid")])
model.compile(optimizer="adam", loss="binary_crossentropy")
print("loss", model.evaluate(valid, verbose=0))
