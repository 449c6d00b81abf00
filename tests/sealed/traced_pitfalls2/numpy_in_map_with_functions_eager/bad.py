# SOURCE: https://github.com/tensorflow/tensorflow/issues/38170
# SYMPTOM: raises AttributeError
# DESCRIPTION: a dataset map function reads a tensor's NumPy value, expecting the global switch that runs functions eagerly to apply there too, but dataset functions are always traced into a graph
"""Debugging a preprocessing function with functions switched to eager mode."""

import tensorflow as tf

tf.config.run_functions_eagerly(True)


def non_negative(x):
    value = x.numpy()  # EXPECT: graph-incompatible/numpy-on-graph-tensor
    return tf.constant(max(value, 0.0))


dataset = tf.data.Dataset.from_tensor_slices([1.0, -1.0]).map(non_negative)
print("values", [float(v) for v in dataset])
