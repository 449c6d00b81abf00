"""The fix: tf.timestamp, an op evaluated on every call."""

import sys
import time

import tensorflow as tf

model = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(2)])


@tf.function
def serve(batch):
    scores = model(batch)
    tf.print("stamp", tf.strings.as_string(tf.timestamp(), precision=6), output_stream=sys.stdout)
    return scores


for _ in range(4):
    serve(tf.random.uniform([3, 4]))
    time.sleep(0.01)
