"""The fix: update the variable in place, without rebinding its name."""

import numpy as np
import tensorflow as tf


@tf.function
def foo(a):
    for _ in range(10):
        if a[0] > 3:
            a[0].assign(1)
        else:
            a[0].assign(2)


a = tf.Variable(np.array([1, 2, 3]))
foo(a)
print(a.numpy())
