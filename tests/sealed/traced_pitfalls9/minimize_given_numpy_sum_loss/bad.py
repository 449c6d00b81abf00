# SOURCE: https://github.com/tensorflow/tensorflow/issues/42447
# SYMPTOM: raises ValueError
# ENV: TF_USE_LEGACY_KERAS=1
# DESCRIPTION: a hand-built convolution's loss is summed with NumPy and the resulting number is passed to optimizer.minimize; nothing recorded how it depends on the kernels, so minimize rejects it
"""Train three convolution kernels by hand."""

import numpy as np
import tensorflow as tf


def loss(ground_truth, output):
    return np.sum(np.abs(ground_truth - output))


def kernel(*args):
    return tf.Variable(np.random.rand(*args), dtype=tf.float32)


color_channels = 3
feature_size = 4
k1 = kernel(3, 3, color_channels, feature_size)
k2 = kernel(3, 3, feature_size, feature_size)
k3 = kernel(3, 3, feature_size, color_channels)

image = tf.random.uniform((1, 8, 8, color_channels))
target = tf.random.uniform((1, 8, 8, color_channels))

optimizer = tf.keras.optimizers.Adam(0.01)
for step in range(3):
    x = tf.nn.relu(tf.nn.conv2d(image, k1, 1, "SAME"))
    x = tf.nn.relu(tf.nn.conv2d(x, k2, 1, "SAME"))
    output = tf.nn.conv2d(x, k3, 1, "SAME")
    current = loss(target.numpy(), output.numpy())
    optimizer.minimize(current, [k1, k2, k3])  # EXPECT: api-misuse/minimize-given-loss-tensor
    print("[loss]", current)
