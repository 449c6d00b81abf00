# SOURCE: https://github.com/keras-team/keras/issues/8657
# SYMPTOM: raises Exception
# DESCRIPTION: a global true-positives metric keeps its running count as a tensor in a plain Python attribute and adds each batch to it, so the count is a tensor of the traced training step, and the traced validation step that reads it next cannot use it
"""Counting true positives over the whole epoch with a callable metric object."""

import numpy as np
import tensorflow as tf


class TruePositives:
    def __init__(self, threshold=0.5):
        self.__name__ = "true_positives"
        self.threshold = threshold
        self.true_positives = 0.0

    def __call__(self, y_true, y_pred):
        y_pred = tf.cast(y_pred >= self.threshold, "float32")
        tp = tf.reduce_sum(y_pred * y_true)
        self.true_positives = self.true_positives + tp  # EXPECT: leaked-tensor/tensor-stored-on-object
        return self.true_positives


x = np.ones((50, 1), dtype="float32")
y = np.ones((50, 1), dtype="float32")
model = tf.keras.Sequential([tf.keras.Input((1,)), tf.keras.layers.Dense(1, activation="sigmoid")])
model.compile(loss="mse", optimizer="adam", metrics=[TruePositives()])
history = model.fit(x, y, batch_size=10, epochs=2, validation_data=(x, y), verbose=0)
print("tp", history.history["true_positives"][-1])
