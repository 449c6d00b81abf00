# SOURCE: https://github.com/tensorflow/tensorflow/issues/46640
# SYMPTOM: raises AttributeError
# DESCRIPTION: a custom Keras metric computes its value with a scikit-learn-style NumPy function inside update_state by calling .numpy() on y_true and y_pred, which are graph tensors when fit runs the metric
"""A macro-F1 metric plugged into model.fit."""

import numpy as np
import keras
import tensorflow as tf


def f1_score(y_true, y_pred):
    tp = np.sum((y_true == 1) & (y_pred == 1))
    fp = np.sum((y_true == 0) & (y_pred == 1))
    fn = np.sum((y_true == 1) & (y_pred == 0))
    return 2 * tp / max(2 * tp + fp + fn, 1)


class F1(keras.metrics.Metric):
    def __init__(self, name="f1", **kwargs):
        super().__init__(name=name, **kwargs)
        self.value = self.add_weight(name="value", initializer="zeros")

    def update_state(self, y_true, y_pred, sample_weight=None):
        predicted = tf.cast(y_pred > 0.5, tf.int32)
        score = f1_score(tf.cast(y_true, tf.int32).numpy(), predicted.numpy())  # EXPECT: graph-incompatible/numpy-on-graph-tensor
        self.value.assign(score)

    def result(self):
        return self.value


rng = np.random.default_rng(0)
x = rng.random((16, 4)).astype("float32")
y = rng.integers(0, 2, (16, 1)).astype("float32")
model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(1, activation="sigmoid")])
model.compile(optimizer="adam", loss="binary_crossentropy", metrics=[F1()])
history = model.fit(x, y, batch_size=8, epochs=1, verbose=0)
print("f1", history.history["f1"][-1])
