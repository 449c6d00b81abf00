# SOURCE: https://github.com/tensorflow/tensorflow/issues/37983
# SYMPTOM: raises OutOfRangeError
# DESCRIPTION: a tf.function calls next(iterator, default) on a dataset iterator in a Python loop, expecting the default at the end; in a graph the default is never used and the exhausted iterator raises
"""Draining a dataset iterator inside a traced function with a fallback value."""

import tensorflow as tf

x = tf.convert_to_tensor([[1], [2], [3]])
ds = tf.data.Dataset.from_tensor_slices(x)
dsi = iter(ds)


@tf.function
def func():
    for _ in range(4):
        tf.print(next(dsi, -1))  # EXPECT: graph-incompatible/next-default-in-traced-code


func()
