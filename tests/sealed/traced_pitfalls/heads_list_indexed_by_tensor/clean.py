"""The fix: select the head with tf.switch_case, which branches on a tensor inside the graph."""

import tensorflow as tf
from tensorflow.keras import layers

heads = [layers.Dense(2), layers.Dense(2), layers.Dense(2)]
for head in heads:
    head.build((None, 4))


@tf.function
def compute_single_output(heads, index_tensor, inputs):
    branches = [lambda head=head: head(inputs) for head in heads]
    return tf.switch_case(tf.cast(index_tensor, tf.int32), branches)


dataset = tf.data.Dataset.from_tensor_slices((tf.constant([0, 2, 1]), tf.random.normal([3, 1, 4])))
for index_tensor, features in dataset:
    print("logit", compute_single_output(heads, index_tensor, features).shape)
