"""The fix: decide on the static size, known while tracing, not on a tensor."""

import tensorflow as tf


@tf.function
def process_data(x):
    traced_args = tf.unstack(x) if x.shape[0] else []
    tf.print("parts", len(traced_args))
    return x * 2 + 1


print("output", process_data(tf.constant([1.0, 1.0, 1.0])))
