# SOURCE: https://github.com/keras-team/keras/issues/15932
# SYMPTOM: raises TypeError
# DESCRIPTION: a custom top-k hit-rate metric takes the batch size from the predictions' static shape inside update_state, but while fit traces the step for the smaller last batch that dimension is unknown, so building the label reshape from it fails
"""A top-k hit-rate metric for a small classifier."""

import numpy as np
import tensorflow as tf


class TopKHits(tf.keras.metrics.Metric):
    def __init__(self, k=2, name="top_k_hits", **kwargs):
        super().__init__(name=name, **kwargs)
        self.k = k
        self.hits = self.add_weight(name="hits", initializer="zeros")
        self.seen = self.add_weight(name="seen", initializer="zeros")

    def update_state(self, y_true, y_pred, sample_weight=None):
        batch_size = y_pred.shape[0]  # EXPECT: graph-incompatible/static-batch-dimension-in-traced-code
        top_k = tf.math.top_k(y_pred, k=self.k).indices
        labels = tf.reshape(tf.cast(y_true, tf.int32), [batch_size, 1])
        hit = tf.reduce_any(tf.equal(top_k, labels), axis=1)
        self.hits.assign_add(tf.reduce_sum(tf.cast(hit, tf.float32)))
        self.seen.assign_add(tf.cast(batch_size, tf.float32))

    def result(self):
        return self.hits / self.seen


model = tf.keras.Sequential([tf.keras.Input((6,)), tf.keras.layers.Dense(5, activation="softmax")])
model.compile(optimizer="adam", loss="sparse_categorical_crossentropy", metrics=[TopKHits()])
x = np.random.rand(42, 6).astype("float32")
y = np.random.randint(0, 5, size=(42,))
history = model.fit(x, y, batch_size=8, epochs=1, verbose=0)
print("top_k_hits %.4f" % history.history["top_k_hits"][-1])
