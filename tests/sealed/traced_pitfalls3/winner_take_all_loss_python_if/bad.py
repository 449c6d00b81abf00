# SOURCE: https://github.com/keras-team/keras/issues/4617
# SYMPTOM: raises Exception
# DESCRIPTION: a winner-take-all loss over several predicted particles picks the best particle with a Python if on the argmin of the per-particle errors, a symbolic tensor inside the traced training step, so the Python branch cannot be decided
"""A multi-hypothesis regressor trained with a winner-take-all loss."""

import numpy as np
import tensorflow as tf

NUM_PARTICLES = 3


def winner_take_all_loss(y_true, y_pred):
    y_pred = tf.reshape(y_pred, (-1, NUM_PARTICLES, 2))
    errors = tf.reduce_sum(tf.abs(y_true[:, None, :] - y_pred), axis=[0, 2])
    min_index = tf.argmin(errors)
    if min_index == 0:  # EXPECT: graph-incompatible/python-if-on-symbolic-tensor
        return tf.reduce_mean(tf.abs(y_true - y_pred[:, 0, :]))
    return tf.reduce_mean(tf.abs(y_true - tf.gather(y_pred, min_index, axis=1)))


model = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(NUM_PARTICLES * 2)])
model.compile(optimizer="adam", loss=winner_take_all_loss)
x = np.random.rand(16, 4).astype("float32")
y = np.random.rand(16, 2).astype("float32")
history = model.fit(x, y, batch_size=8, epochs=1, verbose=0)
print("loss", history.history["loss"][-1])
