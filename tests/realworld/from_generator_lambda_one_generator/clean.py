# SOURCE: https://github.com/tensorflow/tensorflow/issues/29123
"""The lambda makes a new generator for every pass over the dataset."""

import numpy as np
import tensorflow as tf


def data_generator(rows):
    for row in rows:
        yield row


rows = np.random.RandomState(0).randn(32, 5).astype("float32")
dataset = tf.data.Dataset.from_generator(
    lambda: data_generator(rows), output_signature=tf.TensorSpec([5], tf.float32)
).batch(8)

for epoch in range(2):
    batches = sum(1 for _ in dataset)
    print("batches in epoch", batches)
