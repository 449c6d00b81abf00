"""The fix: index with a position computed as a tensor, so no branch is invalid while tracing."""

import tensorflow as tf


@tf.function
def test_function(tensor):
    index = tf.where(tf.size(tensor) == 2, 1, 0)
    return tf.gather(tensor, index)


print("[picked]", int(test_function(tf.constant([1, 2]))))
print("[picked]", int(test_function(tf.constant([1]))))
