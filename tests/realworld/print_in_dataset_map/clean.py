"""The fix: tf.print inside the map function runs per element."""

import sys

import tensorflow as tf


def preprocess(x):
    tf.print("mapping", x, output_stream=sys.stdout)
    return x * 2


for _ in tf.data.Dataset.range(4).map(preprocess):
    pass
