"""The fix: an input signature with an unknown strike count, so one graph prices every batch."""

import numpy as np
import tensorflow as tf


@tf.function(
    input_signature=[
        tf.TensorSpec([None], tf.float32),
        tf.TensorSpec([], tf.float32),
        tf.TensorSpec([], tf.float32),
    ]
)
def price_eu_options(strikes, spot, sigma):
    paths = spot * tf.exp(sigma * tf.random.stateless_normal([64], seed=[1, 2]) - 0.5 * sigma**2)
    payoff = tf.nn.relu(paths[None, :] - strikes[:, None])
    return tf.reduce_mean(payoff, axis=1)


spot, sigma = tf.constant(100.0), tf.constant(0.2)
rng = np.random.default_rng(0)
for size in range(1, 13):
    strikes = tf.constant(rng.random(size) * 50.0 + 100.0, tf.float32)
    prices = price_eu_options(strikes, spot, sigma)
    print("priced", size, float(tf.reduce_sum(prices)))
