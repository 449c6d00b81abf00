# SOURCE: https://keras.io/guides/training_with_built_in_methods/
# SYMPTOM: raises TypeError
"""A custom metric's update_state takes len() of a shape tensor to tell one-hot targets from
sparse ones: Keras 3 traces it without AutoGraph, and a symbolic tensor has no len()."""

import keras
import numpy as np
import tensorflow as tf


class HitRate(keras.metrics.Metric):
    def __init__(self, name="hit_rate", **kwargs):
        super().__init__(name=name, **kwargs)
        self.hits = self.add_weight(name="hits", initializer="zeros")

    def update_state(self, y_true, y_pred, sample_weight=None):
        if len(tf.shape(y_true)) == 2:  # EXPECT: TF803
            y_true = tf.argmax(y_true, axis=-1)
        labels = tf.cast(tf.reshape(y_true, [-1]), tf.int64)
        hits = tf.cast(tf.equal(labels, tf.argmax(y_pred, axis=-1)), tf.float32)
        self.hits.assign_add(tf.reduce_sum(hits))

    def result(self):
        return self.hits


model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(3, activation="softmax")])
model.compile(optimizer="sgd", loss="sparse_categorical_crossentropy", metrics=[HitRate()])
model.fit(np.ones((8, 4), np.float32), np.zeros((8,), np.int64), epochs=1, verbose=0)
