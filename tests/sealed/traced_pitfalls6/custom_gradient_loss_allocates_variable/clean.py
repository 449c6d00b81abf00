"""The fix: the work buffer is an ordinary tensor, not a variable."""

import numpy as np
import keras
import tensorflow as tf


@tf.custom_gradient
def smooth_l1(residual):
    buffer = tf.where(tf.abs(residual) < 1.0, 0.5 * residual**2, tf.abs(residual) - 0.5)

    def grad(upstream):
        return upstream * tf.clip_by_value(residual, -1.0, 1.0)

    return tf.reduce_sum(buffer), grad


model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
optimizer = keras.optimizers.SGD(0.1)
x = np.random.default_rng(0).random((8, 3)).astype("float32")
y = np.ones((8, 1), dtype="float32")
for step in range(2):
    with tf.GradientTape() as tape:
        loss = smooth_l1(model(x) - y)
    grads = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    print("loss", float(loss))
