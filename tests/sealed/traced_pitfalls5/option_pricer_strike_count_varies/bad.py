# SOURCE: https://github.com/google/tf-quant-finance/issues/68
# SYMPTOM: traces >= 10
# DESCRIPTION: a compiled Monte Carlo option pricer is called from a loop with a different number of strikes each time, and every new batch size traces a new graph, so memory grows with each call
"""Prices European options for strike batches of arbitrary size."""

import numpy as np
import tensorflow as tf


@tf.function
def price_eu_options(strikes, spot, sigma):
    paths = spot * tf.exp(sigma * tf.random.stateless_normal([64], seed=[1, 2]) - 0.5 * sigma**2)
    payoff = tf.nn.relu(paths[None, :] - strikes[:, None])
    return tf.reduce_mean(payoff, axis=1)


spot, sigma = tf.constant(100.0), tf.constant(0.2)
rng = np.random.default_rng(0)
for size in range(1, 13):
    strikes = tf.constant(rng.random(size) * 50.0 + 100.0, tf.float32)
    prices = price_eu_options(strikes, spot, sigma)  # EXPECT: retracing/shape-varies-between-calls
    print("priced", size, float(tf.reduce_sum(prices)))
