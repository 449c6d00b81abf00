# SOURCE: https://github.com/tensorflow/tensorflow/issues/34080
# SYMPTOM: raises TypeError
# DESCRIPTION: an input pipeline passes a decorated per-element function to Dataset.apply, which expects a transformation of the whole dataset, so the traced function receives the dataset itself and fails to convert it to a tensor
"""Adding a channel axis to every element of a small dataset."""

import numpy as np
import tensorflow as tf


@tf.function
def expand(x):
    return tf.expand_dims(x, axis=1)


m = np.array([[1, 1], [1, 1]])
ds = tf.data.Dataset.from_tensor_slices(m)
ds = ds.apply(expand)  # EXPECT: api-misuse/dataset-apply-with-element-function
print("elements", [e.shape for e in ds])
