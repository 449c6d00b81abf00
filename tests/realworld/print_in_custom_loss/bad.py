# SOURCE: https://github.com/tensorflow/tensorflow/issues/40508
# SYMPTOM: lines "err" < 4
"""The user wants to print the error inside a custom loss passed to compile()."""

import numpy as np
import tensorflow as tf


def loss(y_true, y_pred):
    err = y_true - y_pred
    print("err", err)  # EXPECT: TF201
    return tf.reduce_mean(tf.square(err))


model = tf.keras.Sequential([tf.keras.Input(shape=(2,)), tf.keras.layers.Dense(1)])
model.compile(optimizer="sgd", loss=loss)
model.fit(np.ones((8, 2)), np.ones((8, 1)), batch_size=2, epochs=1, verbose=0)
