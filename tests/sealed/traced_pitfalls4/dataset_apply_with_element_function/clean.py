"""The fix: Dataset.map applies a function to each element."""

import numpy as np
import tensorflow as tf


@tf.function
def expand(x):
    return tf.expand_dims(x, axis=1)


m = np.array([[1, 1], [1, 1]])
ds = tf.data.Dataset.from_tensor_slices(m)
ds = ds.map(expand)
print("elements", [e.shape for e in ds])
