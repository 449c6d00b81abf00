"""The fix: read the sizes unknown while tracing from `tf.shape`."""

import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec([1, None, None, 3], tf.float32)])
def offset_map(inputs):
    batch, height, width, channels = tf.unstack(tf.shape(inputs))
    return tf.reshape(inputs, [batch, height, width, channels, 1])


print("shape", offset_map(tf.ones([1, 5, 5, 3])).shape)
