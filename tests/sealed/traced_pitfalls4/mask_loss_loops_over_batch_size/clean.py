"""The fix: the same masked error computed on the whole batch with tensor ops."""

import numpy as np
import tensorflow as tf


def keypoint_loss(y_true, y_pred):
    visible = tf.cast(y_true > 0.0, tf.float32)
    return tf.reduce_sum(visible * tf.square(y_true - y_pred), axis=-1)


inputs = tf.keras.Input((6,))
model = tf.keras.Model(inputs, tf.keras.layers.Dense(4)(inputs))
model.compile(optimizer="adam", loss=keypoint_loss)
model.fit(np.random.rand(20, 6), np.random.rand(20, 4), batch_size=8, verbose=0)
print("trained")
