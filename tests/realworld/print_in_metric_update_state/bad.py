# SOURCE: https://github.com/tensorflow/tensorflow/issues/30711
# SYMPTOM: lines "update" < 4
"""A custom metric logs from update_state; Keras traces update_state inside the train step."""

import numpy as np
import tensorflow as tf


class Precision(tf.keras.metrics.Metric):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.hits = self.add_weight(name="hits", initializer="zeros")

    def update_state(self, y_true, y_pred, sample_weight=None):
        print("update", y_pred)  # EXPECT: TF201
        self.hits.assign_add(tf.reduce_sum(tf.cast(y_pred > 0.5, tf.float32)))

    def result(self):
        return self.hits


model = tf.keras.Sequential([tf.keras.Input(shape=(2,)), tf.keras.layers.Dense(1)])
model.compile(optimizer="sgd", loss="mse", metrics=[Precision()])
model.fit(np.ones((8, 2)), np.ones((8, 1)), batch_size=2, epochs=1, verbose=0)
