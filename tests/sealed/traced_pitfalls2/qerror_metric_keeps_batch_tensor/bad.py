# SOURCE: https://github.com/google-research/google-research/issues/2251
# SYMPTOM: raises TypeError
# DESCRIPTION: a custom Keras metric keeps the per-batch errors computed in its traced update step as a plain tensor attribute instead of in metric variables, and its result step later reads that tensor from another graph
"""Training a cardinality estimator with a q-error metric."""

import numpy as np
import tensorflow as tf


class QErrorMetric(tf.keras.metrics.Metric):
    def __init__(self, name="mean_q_error", **kwargs):
        super().__init__(name=name, **kwargs)
        self.q_errors = tf.zeros([1])

    def update_state(self, y_true, y_pred, sample_weight=None):
        unscaled_true = tf.pow(10.0, y_true)
        unscaled_pred = tf.pow(10.0, y_pred)
        ratio_1 = unscaled_true / unscaled_pred
        ratio_2 = unscaled_pred / unscaled_true
        self.q_errors = tf.math.maximum(ratio_1, ratio_2)  # EXPECT: leaked-tensor/tensor-stored-on-object

    def result(self):
        return tf.reduce_mean(self.q_errors)


model = tf.keras.Sequential([tf.keras.Input((6,)), tf.keras.layers.Dense(1)])
model.compile(optimizer="adam", loss="mae", metrics=[QErrorMetric()])
x = np.random.rand(64, 6).astype("float32")
y = np.random.rand(64, 1).astype("float32")
history = model.fit(x, y, batch_size=16, epochs=2, verbose=0)
print("q_error", history.history["mean_q_error"])
