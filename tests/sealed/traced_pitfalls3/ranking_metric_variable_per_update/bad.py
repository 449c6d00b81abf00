# SOURCE: https://github.com/NVIDIA-Merlin/Transformers4Rec/pull/308
# SYMPTOM: raises ValueError
# DESCRIPTION: a next-item recommendation model's precision-at-k metric builds a fresh variable inside update_state to hold the per-cutoff precisions and assigns into it column by column, which works when run eagerly but fails once fit traces the metric update in graph mode
"""Precision at several cut-offs for a next-item prediction model."""

import numpy as np
import tensorflow as tf


class PrecisionAt(tf.keras.metrics.Metric):
    def __init__(self, ks=(1, 3), name="precision_at", **kwargs):
        super().__init__(name=name, **kwargs)
        self.ks = ks
        self.total = self.add_weight(name="total", shape=(len(ks),), initializer="zeros")
        self.count = self.add_weight(name="count", initializer="zeros")

    def update_state(self, y_true, y_pred, sample_weight=None):
        order = tf.argsort(y_pred, direction="DESCENDING")
        labels = tf.gather(y_true, order, batch_dims=1)
        precisions = tf.Variable(tf.zeros((tf.shape(y_pred)[0], len(self.ks))))  # EXPECT: variable-creation/variable-created-in-traced-code
        for index, k in enumerate(self.ks):
            precisions[:, index].assign(tf.reduce_sum(labels[:, :k], axis=1) / float(k))
        self.total.assign_add(tf.reduce_sum(precisions, axis=0))
        self.count.assign_add(tf.cast(tf.shape(y_pred)[0], tf.float32))

    def result(self):
        return self.total[0] / self.count


model = tf.keras.Sequential([tf.keras.Input((8,)), tf.keras.layers.Dense(6)])
model.compile(optimizer="adam", loss=tf.keras.losses.CategoricalCrossentropy(from_logits=True), metrics=[PrecisionAt()])
x = np.random.rand(32, 8).astype("float32")
y = tf.keras.utils.to_categorical(np.random.randint(0, 6, size=(32,)), 6)
history = model.fit(x, y, batch_size=8, epochs=2, verbose=0)
print("precision %.4f" % history.history["precision_at"][-1])
