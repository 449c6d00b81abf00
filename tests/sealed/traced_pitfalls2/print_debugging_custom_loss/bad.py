# SOURCE: https://github.com/keras-team/keras/issues/13206
# SYMPTOM: lines "penalty" < 4
# DESCRIPTION: a custom loss given to compile uses Python's print to debug a term it computes, but Keras traces the loss into its training graph, so the print runs once while tracing and never during training
"""Debugging a custom loss with an activity penalty."""

import numpy as np
import tensorflow as tf


def penalized_mse(y_true, y_pred):
    mse = tf.reduce_mean(tf.square(y_true - y_pred))
    penalty = 0.01 * tf.reduce_mean(tf.abs(y_pred))
    print("penalty", penalty)  # EXPECT: side-effect/print-in-traced-code
    return mse + penalty


model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(1)])
model.compile(optimizer="sgd", loss=penalized_mse)
x, y = np.random.rand(16, 3).astype("float32"), np.random.rand(16, 1).astype("float32")
model.fit(x, y, batch_size=4, epochs=1, verbose=0)
