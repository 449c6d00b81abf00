"""The fix: tf.print, a graph op that runs on every call."""

import sys

import tensorflow as tf


@tf.function
def faulty_computation(x):
    y = x * 2
    tf.print("[debug] input", x, output_stream=sys.stdout)
    return y


for step in range(3):
    faulty_computation(tf.constant([1.0, 2.0]) * step)
