"""The fix from the thread: tf.random.uniform is drawn per element."""

import tensorflow as tf


def test_function(x):
    return x * 0 + tf.random.uniform([], 0, 1000, dtype=tf.int64)


for value in tf.data.Dataset.range(5).map(test_function):
    print("offset", int(value))
