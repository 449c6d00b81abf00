"""The fix: give minimize a callable that computes the loss, so it can record the gradient."""

import numpy as np
import tensorflow as tf

N = 100
n = 4
np.random.seed(0)
A = tf.constant(np.random.randn(N, n))
b = tf.constant(np.random.randn(N, 1))
X = tf.Variable(np.random.randn(n, 1))


def loss_fn():
    return tf.reduce_sum(tf.square(tf.matmul(A, X) - b))


optimizer = tf.keras.optimizers.Adam(learning_rate=0.1)
for step in range(5):
    optimizer.minimize(loss_fn, var_list=[X])
    print("[loss]", float(loss_fn()))
