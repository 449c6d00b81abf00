"""The fix: compute the moving average with TensorFlow ops."""

import tensorflow as tf


@tf.function(input_signature=[tf.TensorSpec(shape=None, dtype=tf.float32)])
def moving_average(features):
    values = tf.reshape(features[:6], [1, 6, 1])
    kernel = tf.fill([2, 1, 1], 0.5)
    return tf.reshape(tf.nn.conv1d(values, kernel, stride=1, padding="VALID"), [-1])


concrete = moving_average.get_concrete_function()
print("outputs", len(concrete.outputs))
