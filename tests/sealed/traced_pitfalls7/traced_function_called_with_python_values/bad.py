# SOURCE: https://pgaleone.eu/tensorflow/tf.function/2019/04/03/dissecting-tf-function-part-2/
# SYMPTOM: traces >= 5
# DESCRIPTION: a tf.function is called with plain Python numbers; each new Python value is part of the trace key, so every call builds a new graph
"""Passes loop values straight into a traced function."""

import tensorflow as tf


@tf.function
def f(x):
    tf.print("Graph execution: ", x)
    return x


for step in range(5):
    f(step)  # EXPECT: retracing/python-scalar-argument
