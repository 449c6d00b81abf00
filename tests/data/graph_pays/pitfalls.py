"""Functions that also run eagerly and often, but must never be claimed to pay: converted to a
tf.function, three would compute something else (a print once, a list filled once, a Python
random draw frozen): tf2lint's rules rule them out before the run. The fourth draws afresh on
every call: a graph's results cannot be compared with its own, so it is never measured."""

import random

import tensorflow as tf

NOT_LISTED = ["log_loss", "collect", "jitter"]
NOT_COMPARED = ["noisy"]
history = []


def log_loss(x):
    loss = tf.reduce_mean(tf.square(x))
    print("loss", float(loss))
    return loss


def collect(x):
    history.append(tf.reduce_sum(x))
    return tf.reduce_mean(x)


def jitter(x):
    return tf.multiply(x, 1.0 + 0.01 * random.random())


def noisy(x):
    return x + tf.random.uniform(tf.shape(x))


values = tf.ones([4, 4])
for _ in range(60):
    log_loss(values)
    collect(values)
    jitter(values)
    noisy(values)
