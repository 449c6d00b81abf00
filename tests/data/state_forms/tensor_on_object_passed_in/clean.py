"""The total is a tf.Variable the helper assigns to: eager code reads its value."""

import tensorflow as tf


class Totals:
    def __init__(self):
        self.total = tf.Variable(0.0)


def accumulate(totals, x):
    totals.total.assign_add(tf.reduce_sum(x))


totals = Totals()


@tf.function
def step(x):
    accumulate(totals, x)
    return x


step(tf.ones(3))
print("total", float(totals.total + 1.0))
