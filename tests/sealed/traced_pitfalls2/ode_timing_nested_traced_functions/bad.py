# SOURCE: https://github.com/google-research/google-research/issues/1485
# SYMPTOM: traces >= 8
# DESCRIPTION: a benchmarking helper called in a loop defines its decorated right-hand-side and loss functions inside its own body, so every call creates new traced functions and traces them again
"""Timing an ODE integration for several problem sizes."""

import time

import tensorflow as tf


def get_ode_timings(n, steps=20):
    @tf.function  # EXPECT: retracing/traced-function-created-per-call
    def tf_ydot(y):
        return -0.5 * y + tf.sin(y)

    @tf.function  # EXPECT: retracing/traced-function-created-per-call
    def tf_loss(y):
        return tf.reduce_sum(tf.square(y))

    y = tf.ones([8])
    start = time.perf_counter()
    for _ in range(steps):
        y = y + 0.01 * tf_ydot(y)
    return tf_loss(y), time.perf_counter() - start


for n in range(5):
    loss, seconds = get_ode_timings(n)
print("loss", float(loss))
