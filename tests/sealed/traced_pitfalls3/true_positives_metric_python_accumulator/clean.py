"""The fix from the thread: a stateful metric whose count is a weight updated with assign_add."""

import numpy as np
import tensorflow as tf


class TruePositives(tf.keras.metrics.Metric):
    def __init__(self, threshold=0.5, name="true_positives", **kwargs):
        super().__init__(name=name, **kwargs)
        self.threshold = threshold
        self.true_positives = self.add_weight(name="tp", initializer="zeros")

    def update_state(self, y_true, y_pred, sample_weight=None):
        y_pred = tf.cast(y_pred >= self.threshold, "float32")
        self.true_positives.assign_add(tf.reduce_sum(y_pred * y_true))

    def result(self):
        return self.true_positives


x = np.ones((50, 1), dtype="float32")
y = np.ones((50, 1), dtype="float32")
model = tf.keras.Sequential([tf.keras.Input((1,)), tf.keras.layers.Dense(1, activation="sigmoid")])
model.compile(loss="mse", optimizer="adam", metrics=[TruePositives()])
history = model.fit(x, y, batch_size=10, epochs=2, validation_data=(x, y), verbose=0)
print("tp", history.history["true_positives"][-1])
