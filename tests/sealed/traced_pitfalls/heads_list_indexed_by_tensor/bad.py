# SOURCE: https://github.com/tensorflow/tensorflow/issues/58965
# SYMPTOM: raises TypeError
# DESCRIPTION: a tf.function indexes a Python list of Keras layers with a task-index tensor taken from the dataset; a list cannot be indexed by a graph tensor
"""Multi-task heads selected per example by an index that comes from the data."""

import tensorflow as tf
from tensorflow.keras import layers

heads = [layers.Dense(2), layers.Dense(2), layers.Dense(2)]


@tf.function
def compute_single_output(heads, index_tensor, inputs):
    logit = heads[index_tensor](inputs)  # EXPECT: graph-incompatible/list-indexed-with-tensor
    return logit


dataset = tf.data.Dataset.from_tensor_slices((tf.constant([0, 2, 1]), tf.random.normal([3, 1, 4])))
for index_tensor, features in dataset:
    print("logit", compute_single_output(heads, index_tensor, features).shape)
