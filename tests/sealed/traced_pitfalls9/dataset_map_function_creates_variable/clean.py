"""The fix: the reference vector is a constant tensor (no variable is needed to scatter into it)."""

import tensorflow as tf

ds = tf.data.Dataset.from_tensor_slices(tf.constant([[9, 10, 11, 12]]))


def update(values):
    ref = tf.constant([1, 2, 3, 4, 5, 6, 7, 8])
    indices = tf.constant([[4], [3], [1], [7]])
    return tf.tensor_scatter_nd_update(ref, indices, values)


ds = ds.map(update)
for item in ds:
    print("[updated]", item.numpy())
