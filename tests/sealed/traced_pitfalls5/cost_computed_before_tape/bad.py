# SOURCE: https://github.com/tensorflow/tensorflow/issues/42167
# SYMPTOM: raises ValueError
# DESCRIPTION: a log-likelihood cost is computed once from the variable before the gradient tape opens, and the tape only wraps a function returning that finished tensor, so the optimizer receives no gradient for the variable
"""Maximizes a log-likelihood over a small vector of rates."""

import keras
import tensorflow as tf

rates = tf.Variable([1.0, 2.0, 3.0], name="rates")
optimizer = keras.optimizers.Adam(0.5)
cost = -tf.reduce_mean(tf.reduce_sum(tf.math.log(rates), axis=0))


def loss():
    return cost


for step in range(3):
    with tf.GradientTape() as tape:
        value = loss()
    grads = tape.gradient(value, [rates])  # EXPECT: api-misuse/target-computed-outside-tape
    optimizer.apply_gradients(zip(grads, [rates]))
print("rates", rates.numpy().tolist())
