"""The fix: iterate the dataset itself and pad with the fallback value after it ends."""

import sys

import tensorflow as tf

x = tf.convert_to_tensor([[1], [2], [3]])
ds = tf.data.Dataset.from_tensor_slices(x)


@tf.function
def func():
    for value in ds.concatenate(tf.data.Dataset.from_tensors([-1])).take(4):
        tf.print(value, output_stream=sys.stdout)


func()
