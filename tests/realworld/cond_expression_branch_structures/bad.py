# SOURCE: https://github.com/tensorflow/tensorflow/issues/99162
# SYMPTOM: raises AssertionError
"""A conditional expression on a tensor picks a list of tensors or an empty list."""

import tensorflow as tf


@tf.function
def process_data(x):
    traced_args = tf.unstack(x) if tf.size(x) > 0 else []  # EXPECT: TF863
    tf.print("parts", len(traced_args))
    return x * 2 + 1


print("output", process_data(tf.constant([1.0, 1.0, 1.0])))
