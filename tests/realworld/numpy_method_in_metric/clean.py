"""The fix: return the tensor."""

import numpy as np
import tensorflow as tf


def custom_error(y_true, y_pred):
    bp = tf.argsort(y_pred, axis=-1, direction="DESCENDING")
    bt = tf.argsort(y_true, axis=-1, direction="DESCENDING")
    return tf.reduce_sum(tf.cast(tf.equal(bp[:, :1], bt[:, :1]), tf.float32))


model = tf.keras.Sequential([tf.keras.Input(shape=(3,)), tf.keras.layers.Dense(3)])
model.compile(optimizer="sgd", loss="mse", metrics=[custom_error])
model.fit(np.ones((8, 3)), np.eye(3)[np.arange(8) % 3], epochs=1, verbose=0)
