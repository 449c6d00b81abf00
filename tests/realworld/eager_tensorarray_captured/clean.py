"""The fix: make the TensorArray inside the tf.function that writes it."""

import tensorflow as tf


@tf.function
def collect(values):
    result = tf.TensorArray(tf.float32, size=0, dynamic_size=True)
    for index in tf.range(tf.shape(values)[0]):
        result = result.write(index, values[index])
    return result.concat()


print("collected", collect(tf.constant([[1.0], [2.0]])).numpy().tolist())
