"""The fix: an input signature with an unknown length."""

import tensorflow as tf

kernel = tf.ones([5, 1, 1]) / 5.0


@tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
def smooth(signal):
    return tf.nn.conv1d(signal[None, :, None], kernel, stride=1, padding="SAME")[0, :, 0]


for samples in range(2990, 2996):
    out = smooth(tf.random.normal([samples]))
print("last", out.shape)
