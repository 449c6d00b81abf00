# SOURCE: https://github.com/larq/larq/pull/100
# SYMPTOM: number "changed fraction" < 0.000001
# DESCRIPTION: a metric that tracks how many output signs flip between steps keeps a Python flag for "first update" and flips it inside update_state, but the flag is read only once while the training step is traced, so the compiled step always takes the first-update branch and the metric stays at zero
"""Tracking how often the model's output signs flip from one step to the next."""

import numpy as np
import tensorflow as tf


class MeanChangedSigns(tf.keras.metrics.Metric):
    def __init__(self, size, name="changed_fraction", **kwargs):
        super().__init__(name=name, **kwargs)
        self.previous = self.add_weight(name="previous", shape=(size,), initializer="zeros")
        self.total = self.add_weight(name="total", initializer="zeros")
        self.count = self.add_weight(name="count", initializer="zeros")
        self._seen_first = False

    def update_state(self, y_true, y_pred, sample_weight=None):
        signs = tf.sign(tf.reshape(y_pred, [-1]))
        if not self._seen_first:  # EXPECT: stale-capture/python-state-flag-read-at-trace-time
            self._seen_first = True
            self.previous.assign(signs)
            return
        changed = tf.reduce_mean(tf.cast(tf.not_equal(signs, self.previous), tf.float32))
        self.total.assign_add(changed)
        self.count.assign_add(1.0)
        self.previous.assign(signs)

    def result(self):
        return self.total / tf.maximum(self.count, 1.0)


model = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(1)])
model.compile(optimizer="sgd", loss="mse", metrics=[MeanChangedSigns(size=8)])
x = np.random.randn(64, 4).astype("float32")
y = np.random.randn(64, 1).astype("float32")
history = model.fit(x, y, batch_size=8, epochs=2, verbose=0)
print("changed fraction %.6f" % history.history["changed_fraction"][-1])
