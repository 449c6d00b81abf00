"""The fix: tf.timestamp() runs on every call."""

import time

import tensorflow as tf


@tf.function
def stamp():
    return tf.timestamp()


for _ in range(3):
    print("stamp", float(stamp()))
    time.sleep(0.01)
