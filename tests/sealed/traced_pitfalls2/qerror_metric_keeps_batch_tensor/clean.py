"""The fix: accumulate the errors in metric variables and compute the result from them."""

import numpy as np
import tensorflow as tf


class QErrorMetric(tf.keras.metrics.Metric):
    def __init__(self, name="mean_q_error", **kwargs):
        super().__init__(name=name, **kwargs)
        self.total = self.add_weight(name="total", initializer="zeros")
        self.count = self.add_weight(name="count", initializer="zeros")

    def update_state(self, y_true, y_pred, sample_weight=None):
        unscaled_true = tf.pow(10.0, y_true)
        unscaled_pred = tf.pow(10.0, y_pred)
        ratio_1 = unscaled_true / unscaled_pred
        ratio_2 = unscaled_pred / unscaled_true
        q_errors = tf.math.maximum(ratio_1, ratio_2)
        self.total.assign_add(tf.reduce_sum(q_errors))
        self.count.assign_add(tf.cast(tf.size(q_errors), tf.float32))

    def result(self):
        return self.total / self.count


model = tf.keras.Sequential([tf.keras.Input((6,)), tf.keras.layers.Dense(1)])
model.compile(optimizer="adam", loss="mae", metrics=[QErrorMetric()])
x = np.random.rand(64, 6).astype("float32")
y = np.random.rand(64, 1).astype("float32")
history = model.fit(x, y, batch_size=16, epochs=2, verbose=0)
print("q_error", history.history["mean_q_error"])
