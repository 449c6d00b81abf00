"""The fix from the thread: run the NumPy code through tf.py_function, which calls it eagerly per batch."""

import numpy as np
import tensorflow as tf


def numpy_accuracy_impl(y_true, y_pred):
    predicted = np.round(y_pred.numpy())
    return np.mean(np.equal(y_true.numpy(), predicted).astype("float32"))


def numpy_accuracy(y_true, y_pred):
    return tf.reshape(tf.py_function(numpy_accuracy_impl, [y_true, y_pred], tf.float32), [])


model = tf.keras.Sequential([tf.keras.Input((20,)), tf.keras.layers.Dense(1, activation="sigmoid")])
model.compile(optimizer="adam", loss="binary_crossentropy", metrics=[numpy_accuracy])
x = np.random.rand(32, 20).astype("float32")
y = np.random.randint(0, 2, (32, 1)).astype("float32")
model.fit(x, y, batch_size=8, epochs=1, verbose=0)
print("trained")
