# SOURCE: https://github.com/tensorflow/tensorflow/issues/35108
# SYMPTOM: raises TypeError
# DESCRIPTION: a dataset map function restores the static shape lost by a Python-function op by passing a runtime shape tensor to set_shape, which needs a Python shape known while tracing
"""Generating a clean target image for each noisy one with a Python function."""

import numpy as np
import tensorflow as tf


def make_ones(image):
    return np.ones_like(image.numpy())


def make_clean_data(image):
    shape = tf.shape(image)
    ones = tf.py_function(make_ones, [image], tf.float32)
    ones.set_shape(shape)  # EXPECT: graph-incompatible/runtime-shape-used-as-static-shape
    return image, ones


images = np.random.rand(4, 8, 8).astype("float32")
dataset = tf.data.Dataset.from_tensor_slices(images).map(make_clean_data).batch(2)
for noisy, clean in dataset:
    print("batch", noisy.shape, clean.shape)
