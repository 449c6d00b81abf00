"""The fix: tf.print runs on every call."""

import sys

import tensorflow as tf


@tf.function
def step(x):
    tf.print("step", x, output_stream=sys.stdout)
    return x * 2


for _ in range(4):
    step(tf.constant(1.0))
