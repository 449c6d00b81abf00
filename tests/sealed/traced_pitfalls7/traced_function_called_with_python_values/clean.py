"""The fix: pass tensors, so one graph serves every value."""

import tensorflow as tf


@tf.function
def f(x):
    tf.print("Graph execution: ", x)
    return x


for step in range(5):
    f(tf.constant(step))
