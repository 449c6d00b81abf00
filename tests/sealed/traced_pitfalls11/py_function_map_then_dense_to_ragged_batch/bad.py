# SOURCE: https://github.com/tensorflow/tensorflow/issues/43096
# SYMPTOM: raises InvalidArgumentError
# DESCRIPTION: variable-length sequences are produced by a tf.py_function inside Dataset.map and batched with dense_to_ragged_batch; the py_function output has unknown rank, so the batcher treats the elements as dense and fails on differing lengths
"""Batch variable-length token sequences loaded by Python code into ragged batches."""

import numpy as np
import tensorflow as tf


def load_sequence(index):
    length = int(index) % 3 + 1
    return np.arange(length, dtype=np.int64)


def make_data(index):
    sequence = tf.py_function(load_sequence, [index], tf.int64)  # EXPECT: api-misuse/py-function-output-shape-not-set
    return sequence


dataset = tf.data.Dataset.range(6).map(make_data)
dataset = dataset.apply(tf.data.experimental.dense_to_ragged_batch(batch_size=2))
for batch in dataset:
    print("[batch]", batch.shape)
