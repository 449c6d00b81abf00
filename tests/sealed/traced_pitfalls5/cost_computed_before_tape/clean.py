"""The fix: the cost is computed inside the function the tape records."""

import keras
import tensorflow as tf

rates = tf.Variable([1.0, 2.0, 3.0], name="rates")
optimizer = keras.optimizers.Adam(0.5)


def loss():
    return -tf.reduce_mean(tf.reduce_sum(tf.math.log(rates), axis=0))


for step in range(3):
    with tf.GradientTape() as tape:
        value = loss()
    grads = tape.gradient(value, [rates])
    optimizer.apply_gradients(zip(grads, [rates]))
print("rates", rates.numpy().tolist())
