# SOURCE: https://github.com/tensorflow/tensorflow/issues/41325
# SYMPTOM: traces >= 5
# DESCRIPTION: a decorated convolution over a signal is called with a slightly different number of samples on every call, and without a relaxed input signature each new length traces a new graph
"""Smoothing recordings of slightly different lengths with a convolution."""

import tensorflow as tf

kernel = tf.ones([5, 1, 1]) / 5.0


@tf.function
def smooth(signal):
    return tf.nn.conv1d(signal[None, :, None], kernel, stride=1, padding="SAME")[0, :, 0]


for samples in range(2990, 2996):
    out = smooth(tf.random.normal([samples]))  # EXPECT: retracing/shape-varies-between-calls
print("last", out.shape)
