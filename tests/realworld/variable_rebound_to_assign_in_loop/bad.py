# SOURCE: https://github.com/tensorflow/tensorflow/issues/38555
# SYMPTOM: raises AttributeError
"""A tf.function rebinds a variable's name to what `assign` returns inside a tensor `if`."""

import numpy as np
import tensorflow as tf


@tf.function
def foo(a):
    for _ in range(10):
        if a[0] > 3:
            a = a[0].assign(1)  # EXPECT: TF886
        else:
            a = a[0].assign(2)  # EXPECT: TF886


a = tf.Variable(np.array([1, 2, 3]))
foo(a)
print(a.numpy())
