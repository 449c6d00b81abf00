"""The fix: `flat_map` gets a function that returns a dataset."""

import tensorflow as tf

dataset = tf.data.Dataset.range(3)
dataset = dataset.flat_map(lambda x: tf.data.Dataset.from_tensors(x * 2))
for value in dataset:
    print("value", int(value))
