# SOURCE: https://github.com/theislab/scCODA/issues/13
# SYMPTOM: traces >= 5
"""Each sampling call wraps the sampler in tf.function and calls it on the spot."""

import tensorflow as tf


def sample_mcmc(state):
    return state + tf.random.normal(tf.shape(state))


def sampling(state):
    return tf.function(sample_mcmc)(state)  # EXPECT: TF503


state = tf.zeros([3])
for _ in range(6):
    state = sampling(state)
