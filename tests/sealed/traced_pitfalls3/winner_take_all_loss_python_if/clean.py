"""The fix: select the best particle with tensor ops (gather on the argmin), no Python branch."""

import numpy as np
import tensorflow as tf

NUM_PARTICLES = 3


def winner_take_all_loss(y_true, y_pred):
    y_pred = tf.reshape(y_pred, (-1, NUM_PARTICLES, 2))
    errors = tf.reduce_sum(tf.abs(y_true[:, None, :] - y_pred), axis=[0, 2])
    min_index = tf.argmin(errors)
    return tf.reduce_mean(tf.abs(y_true - tf.gather(y_pred, min_index, axis=1)))


model = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(NUM_PARTICLES * 2)])
model.compile(optimizer="adam", loss=winner_take_all_loss)
x = np.random.rand(16, 4).astype("float32")
y = np.random.rand(16, 2).astype("float32")
history = model.fit(x, y, batch_size=8, epochs=1, verbose=0)
print("loss", history.history["loss"][-1])
