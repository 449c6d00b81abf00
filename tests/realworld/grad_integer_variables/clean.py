"""The fix: float variables and data."""

import tensorflow as tf

w = tf.Variable(2.0)
b = tf.Variable(1.0)
optimizer = tf.keras.optimizers.SGD(0.01)

xs = tf.constant([1.0, 2.0, 3.0, 4.0])
ys = tf.constant([3.0, 5.0, 7.0, 9.0])
with tf.GradientTape() as tape:
    loss = tf.reduce_mean(tf.square(w * xs + b - ys))
grads = tape.gradient(loss, [w, b])
optimizer.apply_gradients(zip(grads, [w, b]))
