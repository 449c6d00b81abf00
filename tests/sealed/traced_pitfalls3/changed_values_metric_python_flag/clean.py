"""The fix: keep the "first update" flag in a variable and branch on it in the graph."""

import numpy as np
import tensorflow as tf


class MeanChangedSigns(tf.keras.metrics.Metric):
    def __init__(self, size, name="changed_fraction", **kwargs):
        super().__init__(name=name, **kwargs)
        self.previous = self.add_weight(name="previous", shape=(size,), initializer="zeros")
        self.total = self.add_weight(name="total", initializer="zeros")
        self.count = self.add_weight(name="count", initializer="zeros")
        self.seen = self.add_weight(name="seen", initializer="zeros")

    def update_state(self, y_true, y_pred, sample_weight=None):
        signs = tf.sign(tf.reshape(y_pred, [-1]))
        changed = tf.reduce_mean(tf.cast(tf.not_equal(signs, self.previous), tf.float32))
        self.total.assign_add(changed * self.seen)
        self.count.assign_add(self.seen)
        self.seen.assign(1.0)
        self.previous.assign(signs)

    def result(self):
        return self.total / tf.maximum(self.count, 1.0)


model = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(1)])
model.compile(optimizer="sgd", loss="mse", metrics=[MeanChangedSigns(size=8)])
x = np.random.randn(64, 4).astype("float32")
y = np.random.randn(64, 1).astype("float32")
history = model.fit(x, y, batch_size=8, epochs=2, verbose=0)
print("changed fraction %.6f" % history.history["changed_fraction"][-1])
