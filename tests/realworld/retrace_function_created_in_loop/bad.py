# SOURCE: https://github.com/N3PDF/vegasflow/pull/85
# SYMPTOM: traces >= 5
"""The integrand is wrapped in tf.function inside the iteration loop."""

import tensorflow as tf


def integrand(x):
    return tf.reduce_mean(tf.exp(-x * x))


xs = tf.linspace(0.0, 1.0, 16)
for _ in range(6):
    compiled = tf.function(integrand)  # EXPECT: TF502
    compiled(xs)
