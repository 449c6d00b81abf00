"""The fix: tf.random.uniform draws on every call."""

import tensorflow as tf


@tf.function
def random1():
    return tf.random.uniform([])


for _ in range(4):
    print("number_random", float(random1()))
