# SOURCE: https://www.tensorflow.org/guide/function
# SYMPTOM: raises TypeError
"""A helper called from a tf.function rebinds a tensor attribute of the object passed in."""

import tensorflow as tf


class Totals:
    def __init__(self):
        self.total = tf.constant(0.0)


def accumulate(totals, x):
    totals.total += tf.reduce_sum(x)  # EXPECT: TF301


totals = Totals()


@tf.function
def step(x):
    accumulate(totals, x)
    return x


step(tf.ones(3))
print("total", float(totals.total + 1.0))
