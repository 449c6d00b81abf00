# SOURCE: https://github.com/tensorflow/tensorflow/issues/17415
# SYMPTOM: raises AttributeError
"""The function given to `flat_map` returns a tensor, where `flat_map` needs a dataset."""

import tensorflow as tf

dataset = tf.data.Dataset.range(3)
dataset = dataset.flat_map(lambda x: x * 2)  # EXPECT: TF940
for value in dataset:
    print("value", int(value))
