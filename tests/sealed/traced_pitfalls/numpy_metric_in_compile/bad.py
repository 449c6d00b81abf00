# SOURCE: https://github.com/keras-team/keras/issues/9640
# SYMPTOM: raises NotImplementedError
# DESCRIPTION: a custom Keras metric is written with NumPy functions applied to y_true and y_pred, which are graph tensors when fit traces the metric
"""A rounding accuracy metric written in NumPy for a binary classifier."""

import numpy as np
import tensorflow as tf


def numpy_accuracy(y_true, y_pred):
    predicted = np.round(y_pred)  # EXPECT: graph-incompatible/numpy-on-graph-tensor
    return np.mean(np.equal(y_true, predicted).astype("float32"))  # EXPECT: graph-incompatible/numpy-on-graph-tensor


model = tf.keras.Sequential([tf.keras.Input((20,)), tf.keras.layers.Dense(1, activation="sigmoid")])
model.compile(optimizer="adam", loss="binary_crossentropy", metrics=[numpy_accuracy])
x = np.random.rand(32, 20).astype("float32")
y = np.random.randint(0, 2, (32, 1)).astype("float32")
model.fit(x, y, batch_size=8, epochs=1, verbose=0)
print("trained")
