# SOURCE: https://github.com/N3PDF/pdfflow/pull/34
# SYMPTOM: traces >= 4
"""A Monte Carlo integrand called on batches of events whose size the integrator varies."""

import tensorflow as tf

MASS = tf.constant(1.7)


@tf.function  # EXPECT: retracing/shape-varies-between-calls
def integrand(xarr):
    energy = MASS + 10.0 * xarr[:, 0]
    angle = tf.cos(3.14159 * xarr[:, 1])
    return tf.exp(-energy / 4.0) * (1.0 + angle**2) / energy


total = 0.0
for events in (100, 160, 130, 220, 90):
    xarr = tf.random.stateless_uniform([events, 2], seed=[events, 7])
    total += float(tf.reduce_mean(integrand(xarr)))
print("integral", total / 5)
