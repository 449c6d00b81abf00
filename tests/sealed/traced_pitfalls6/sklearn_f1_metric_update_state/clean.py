"""The fix: the metric accumulates the counts with tensor ops and computes F1 in result."""

import numpy as np
import keras
import tensorflow as tf


class F1(keras.metrics.Metric):
    def __init__(self, name="f1", **kwargs):
        super().__init__(name=name, **kwargs)
        self.tp = self.add_weight(name="tp", initializer="zeros")
        self.fp = self.add_weight(name="fp", initializer="zeros")
        self.fn = self.add_weight(name="fn", initializer="zeros")

    def update_state(self, y_true, y_pred, sample_weight=None):
        predicted = tf.cast(y_pred > 0.5, tf.float32)
        actual = tf.cast(y_true, tf.float32)
        self.tp.assign_add(tf.reduce_sum(actual * predicted))
        self.fp.assign_add(tf.reduce_sum((1 - actual) * predicted))
        self.fn.assign_add(tf.reduce_sum(actual * (1 - predicted)))

    def result(self):
        return 2 * self.tp / tf.maximum(2 * self.tp + self.fp + self.fn, 1.0)


rng = np.random.default_rng(0)
x = rng.random((16, 4)).astype("float32")
y = rng.integers(0, 2, (16, 1)).astype("float32")
model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(1, activation="sigmoid")])
model.compile(optimizer="adam", loss="binary_crossentropy", metrics=[F1()])
history = model.fit(x, y, batch_size=8, epochs=1, verbose=0)
print("f1", history.history["f1"][-1])
