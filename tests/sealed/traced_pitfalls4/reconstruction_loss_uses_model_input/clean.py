"""The fix: a layer adds the reconstruction term with add_loss, where it sees the real batch."""

import numpy as np
import tensorflow as tf


class ReconstructionPenalty(tf.keras.layers.Layer):
    def call(self, inputs, outputs):
        self.add_loss(tf.reduce_mean(tf.square(outputs - inputs)))
        return outputs


inp = tf.keras.Input((4,))
out = ReconstructionPenalty()(inp, tf.keras.layers.Dense(4)(inp))
model = tf.keras.Model(inp, out)


def data_loss(y_true, y_pred):
    return tf.reduce_mean(tf.square(y_true - y_pred), axis=-1)


model.compile(optimizer="adam", loss=data_loss)
model.fit(np.random.rand(8, 4), np.random.rand(8, 4), verbose=0)
print("trained")
