"""The fix: decide on the static rank, a Python int known while tracing."""

import numpy as np
import tensorflow as tf


class PCK(tf.keras.metrics.Metric):
    def __init__(self, threshold=0.1, name="pck"):
        super().__init__(name=name)
        self.threshold = threshold
        self.correct = self.add_weight(name="correct", initializer="zeros")
        self.total = self.add_weight(name="total", initializer="zeros")

    def update_state(self, y_true, y_pred, sample_weight=None):
        if y_true.shape.rank == 4:
            y_true = tf.reshape(y_true, [tf.shape(y_true)[0], -1, 2])
            y_pred = tf.reshape(y_pred, [tf.shape(y_pred)[0], -1, 2])
        distance = tf.norm(tf.reshape(y_true, [-1, 2]) - tf.reshape(y_pred, [-1, 2]), axis=-1)
        self.correct.assign_add(tf.reduce_sum(tf.cast(distance < self.threshold, tf.float32)))
        self.total.assign_add(tf.cast(tf.size(distance), tf.float32))

    def result(self):
        return self.correct / self.total


model = tf.keras.Sequential([tf.keras.Input((8,)), tf.keras.layers.Dense(6), tf.keras.layers.Reshape((3, 2))])
model.compile(optimizer="adam", loss="mse", metrics=[PCK()])
x = np.random.rand(16, 8).astype("float32")
y = np.random.rand(16, 3, 2).astype("float32")
history = model.fit(x, y, epochs=1, verbose=0)
print("pck", history.history["pck"])
