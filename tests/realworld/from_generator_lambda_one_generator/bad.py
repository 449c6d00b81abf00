# SOURCE: https://github.com/tensorflow/tensorflow/issues/29123
# SYMPTOM: number "batches in epoch" < 1
"""A dataset made with `from_generator(lambda: gen, ...)`, where `gen` is one Python generator
made beforehand: `from_generator` calls the lambda again for each pass, gets the same,
exhausted generator, and the second epoch has no data."""

import numpy as np
import tensorflow as tf


def data_generator(rows):
    for row in rows:
        yield row


rows = np.random.RandomState(0).randn(32, 5).astype("float32")
gen = data_generator(rows)
dataset = tf.data.Dataset.from_generator(  # EXPECT: TF941
    lambda: gen, output_signature=tf.TensorSpec([5], tf.float32)
).batch(8)

for epoch in range(2):
    batches = sum(1 for _ in dataset)
    print("batches in epoch", batches)
