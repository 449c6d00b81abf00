"""The fix: compute the loss with TensorFlow ops inside a callable that minimize records."""

import numpy as np
import tensorflow as tf


def loss(ground_truth, output):
    return tf.reduce_sum(tf.abs(ground_truth - output))


def kernel(*args):
    return tf.Variable(np.random.rand(*args), dtype=tf.float32)


color_channels = 3
feature_size = 4
k1 = kernel(3, 3, color_channels, feature_size)
k2 = kernel(3, 3, feature_size, feature_size)
k3 = kernel(3, 3, feature_size, color_channels)

image = tf.random.uniform((1, 8, 8, color_channels))
target = tf.random.uniform((1, 8, 8, color_channels))


def current_loss():
    x = tf.nn.relu(tf.nn.conv2d(image, k1, 1, "SAME"))
    x = tf.nn.relu(tf.nn.conv2d(x, k2, 1, "SAME"))
    output = tf.nn.conv2d(x, k3, 1, "SAME")
    return loss(target, output)


optimizer = tf.keras.optimizers.Adam(0.01)
for step in range(3):
    optimizer.minimize(current_loss, [k1, k2, k3])
    print("[loss]", float(current_loss()))
