# SOURCE: https://github.com/tensorflow/tensorflow/issues/2076
# SYMPTOM: distinct "stamp" < 2
# DESCRIPTION: a graph-side log line formats the current time with Python's clock, which is read once while the function is traced, so every logged step carries the same timestamp
"""Benchmarking a serving step by logging a timestamp with each call."""

import sys
import time

import tensorflow as tf

model = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(2)])


@tf.function
def serve(batch):
    scores = model(batch)
    tf.print("stamp", "%.6f" % time.time(), output_stream=sys.stdout)  # EXPECT: side-effect/python-clock-in-traced-code
    return scores


for _ in range(4):
    serve(tf.random.uniform([3, 4]))
    time.sleep(0.01)
