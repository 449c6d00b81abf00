# SOURCE: https://github.com/keras-team/keras/issues/15357
# SYMPTOM: raises TypeError
# DESCRIPTION: a keypoint model's custom loss loops over the samples with range of y_true's static batch size, which is None while fit traces the loss, so the loss cannot be built
"""A per-sample keypoint loss for a small regression network."""

import numpy as np
import tensorflow as tf


def keypoint_loss(y_true, y_pred):
    total = 0.0
    for k in range(y_true.shape[0]):  # EXPECT: graph-incompatible/static-batch-dimension-in-traced-code
        visible = tf.cast(y_true[k] > 0.0, tf.float32)
        total += tf.reduce_sum(visible * tf.square(y_true[k] - y_pred[k]))
    return total


inputs = tf.keras.Input((6,))
model = tf.keras.Model(inputs, tf.keras.layers.Dense(4)(inputs))
model.compile(optimizer="adam", loss=keypoint_loss)
model.fit(np.random.rand(20, 6), np.random.rand(20, 4), batch_size=8, verbose=0)
print("trained")
