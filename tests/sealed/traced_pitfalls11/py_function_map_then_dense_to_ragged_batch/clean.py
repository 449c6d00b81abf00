"""The fix: give the py_function output its known rank with set_shape before batching."""

import numpy as np
import tensorflow as tf


def load_sequence(index):
    length = int(index) % 3 + 1
    return np.arange(length, dtype=np.int64)


def make_data(index):
    sequence = tf.py_function(load_sequence, [index], tf.int64)
    sequence.set_shape([None])
    return sequence


dataset = tf.data.Dataset.range(6).map(make_data)
dataset = dataset.apply(tf.data.experimental.dense_to_ragged_batch(batch_size=2))
for batch in dataset:
    print("[batch]", batch.shape)
