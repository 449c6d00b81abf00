"""The fix: the weights are a constant made once, outside the loss."""

import numpy as np
import tensorflow as tf
from tensorflow.keras import backend as K

WEIGHTS = K.constant(np.array([1.0, 2.0], dtype="float32"))


def weighted_log_loss(y_true, y_pred):
    return -K.mean(y_true * K.log(y_pred + 1e-7) * WEIGHTS)


model = tf.keras.Sequential([tf.keras.Input(shape=(3,)), tf.keras.layers.Dense(2, "softmax")])
model.compile(optimizer="sgd", loss=weighted_log_loss)
model.fit(np.ones((8, 3)), np.eye(2)[np.arange(8) % 2], epochs=2, verbose=0)
