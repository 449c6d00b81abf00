"""The fix from the thread: convert the TensorArray to a tensor before returning it."""

import tensorflow as tf


@tf.function
def build_array(values):
    array = tf.TensorArray(tf.float32, size=2)
    array = array.write(0, values[0]).write(1, values[1])
    return array.stack()


result = build_array(tf.constant([1.0, 2.0]))
print("concat", result.numpy().tolist())
