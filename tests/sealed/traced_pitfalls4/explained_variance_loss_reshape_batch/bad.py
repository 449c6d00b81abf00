# SOURCE: https://github.com/keras-team/keras/issues/15956
# SYMPTOM: raises TypeError
# DESCRIPTION: an autoencoder's explained-variance loss reshapes the per-sample mean with the prediction's static batch size, which is unknown (None) when fit traces the loss, so training fails for batch sizes that were not fixed in advance
"""An explained-variance loss class for an autoencoder."""

import numpy as np
import tensorflow as tf


class ExplainedVar(tf.keras.losses.Loss):
    def call(self, true, pred):
        res = tf.reduce_sum(tf.square(pred - true), axis=1)
        pred_mean = tf.reshape(tf.reduce_mean(pred, axis=1), (pred.shape[0], 1))  # EXPECT: graph-incompatible/static-batch-dimension-in-traced-code
        tot = tf.reduce_sum(tf.square(pred - pred_mean), axis=1)
        return res / tot


inputs = tf.keras.Input((6,))
model = tf.keras.Model(inputs, tf.keras.layers.Dense(4)(inputs))
model.compile(optimizer="adam", loss=ExplainedVar())
model.fit(np.random.rand(20, 6), np.random.rand(20, 4), batch_size=8, verbose=0)
print("trained")
