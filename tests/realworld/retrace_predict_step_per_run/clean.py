"""The fix: the predict step is a method traced once per model."""

import tensorflow as tf


class PeakModel:
    def __init__(self):
        self.w = tf.Variable([[0.5], [0.25]])

    @tf.function
    def predict_step(self, x):
        return tf.sigmoid(tf.matmul(x, self.w))

    def run_predictions(self, batch):
        return self.predict_step(batch)


model = PeakModel()
for _ in range(8):
    model.run_predictions(tf.ones([4, 2]))
