"""The fix: one tf.function made at import, reused by every call."""

import tensorflow as tf


def sample_mcmc(state):
    return state + tf.random.normal(tf.shape(state))


traced_sample = tf.function(sample_mcmc)


def sampling(state):
    return traced_sample(state)


state = tf.zeros([3])
for _ in range(6):
    state = sampling(state)
