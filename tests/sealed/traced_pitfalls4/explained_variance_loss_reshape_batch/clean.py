"""The fix: keep the reduced axis (or reshape with -1), so no static batch size is needed."""

import numpy as np
import tensorflow as tf


class ExplainedVar(tf.keras.losses.Loss):
    def call(self, true, pred):
        res = tf.reduce_sum(tf.square(pred - true), axis=1)
        pred_mean = tf.reduce_mean(pred, axis=1, keepdims=True)
        tot = tf.reduce_sum(tf.square(pred - pred_mean), axis=1)
        return res / tot


inputs = tf.keras.Input((6,))
model = tf.keras.Model(inputs, tf.keras.layers.Dense(4)(inputs))
model.compile(optimizer="adam", loss=ExplainedVar())
model.fit(np.random.rand(20, 6), np.random.rand(20, 4), batch_size=8, verbose=0)
print("trained")
