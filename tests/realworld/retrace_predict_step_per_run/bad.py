# SOURCE: https://github.com/YosefLab/epitome/issues/43
# SYMPTOM: stderr "triggered tf.function retracing"
"""`run_predictions` defines its @tf.function predict step on every call."""

import tensorflow as tf


class PeakModel:
    def __init__(self):
        self.w = tf.Variable([[0.5], [0.25]])

    def run_predictions(self, batch):
        @tf.function
        def predict_step(x):  # EXPECT: TF504
            return tf.sigmoid(tf.matmul(x, self.w))

        return predict_step(batch)


model = PeakModel()
for _ in range(8):
    model.run_predictions(tf.ones([4, 2]))
