import numpy as np
import tensorflow as tf
from tensorflow import keras


class TopKHits(keras.metrics.Metric):
    def __init__(self, k=3, **kwargs):
        super().__init__(**kwargs)
        self.k = k
        self.hits = self.add_weight(name="hits", initializer="zeros")

    def update_state(self, y_true, y_pred, sample_weight=None):
        batch_size = tf.shape(y_pred)[0]
        labels = tf.reshape(tf.cast(y_true, tf.int32), [batch_size])
        hit = tf.math.in_top_k(labels, y_pred, self.k)
        self.hits.assign_add(tf.reduce_sum(tf.cast(hit, tf.float32)))

    def result(self):
        return self.hits


model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(5)])
loss = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
model.compile(optimizer="adam", loss=loss, metrics=[TopKHits()])
model.fit(np.ones((10, 4)), np.arange(10).reshape(10, 1) % 5, batch_size=4, epochs=1, verbose=0)
