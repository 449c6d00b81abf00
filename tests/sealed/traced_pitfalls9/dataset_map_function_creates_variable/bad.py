# SOURCE: https://github.com/tensorflow/tensorflow/issues/36669
# SYMPTOM: raises ValueError
# DESCRIPTION: the function given to Dataset.map builds a tf.Variable each time it runs; the map function is traced into a graph, and variables may not be created there
"""Scatter new values into a fixed reference vector for every dataset element."""

import tensorflow as tf

ds = tf.data.Dataset.from_tensor_slices(tf.constant([[9, 10, 11, 12]]))


def update(values):
    ref = tf.Variable([1, 2, 3, 4, 5, 6, 7, 8])  # EXPECT: variable-creation/variable-created-in-traced-code
    indices = tf.constant([[4], [3], [1], [7]])
    return tf.tensor_scatter_nd_update(ref, indices, values)


ds = ds.map(update)
for item in ds:
    print("[updated]", item.numpy())
