"""The fix: one vectorised reduction over the batch."""

import numpy as np
import tensorflow as tf
import keras


def row_loss(y_true, y_pred):
    return tf.reduce_sum(tf.abs(y_pred - y_true))


model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(3)])
model.compile(optimizer="sgd", loss=row_loss)
model.fit(np.ones((8, 4)), np.ones((8, 3)), epochs=1, verbose=0)
