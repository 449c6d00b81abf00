# SOURCE: https://github.com/inarikami/keras-rl2/issues/4
# SYMPTOM: raises OperatorNotAllowedInGraphError
# DESCRIPTION: a dataset map function draws a random kernel size as a tensor and passes it where a pooling op needs a Python integer fixed at trace time
"""Adding blurred random noise to each image of a dataset."""

import numpy as np
import tensorflow as tf


def add_noise(image):
    var = tf.random.uniform((), 0.1, 0.5)
    kernel_size = tf.random.uniform((), 3, 9, dtype=tf.int32)
    noise = tf.random.normal((1, 32, 32, 3), 0.0, var)
    noise = tf.nn.avg_pool2d(noise, kernel_size, 1, "SAME")  # EXPECT: graph-incompatible/tensor-where-python-value-needed
    return image + tf.squeeze(noise, axis=0)


dataset = tf.data.Dataset.from_tensor_slices(np.zeros((4, 32, 32, 3), "float32")).map(add_noise)
for image in dataset.take(2):
    print("noisy", image.shape)
