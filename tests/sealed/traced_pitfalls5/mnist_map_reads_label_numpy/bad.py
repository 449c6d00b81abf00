# SOURCE: https://github.com/tensorflow/datasets/issues/1298
# SYMPTOM: raises AttributeError
# DESCRIPTION: a preprocessing function applied with the dataset map reads the label's value with numpy to pick a per-class transformation, which works on taken elements in eager code but not inside map, where the function is traced
"""Applies a per-class brightness change to an MNIST-like dataset."""

import numpy as np
import tensorflow as tf

BRIGHTNESS = {0: 0.1, 1: 0.2, 2: 0.3}


def adjust(image, label):
    delta = BRIGHTNESS[int(label.numpy())]  # EXPECT: graph-incompatible/numpy-on-graph-tensor
    return image + delta, label


images = np.zeros((6, 4, 4), "float32")
labels = np.array([0, 1, 2, 0, 1, 2])
dataset = tf.data.Dataset.from_tensor_slices((images, labels)).map(adjust)
for image, label in dataset.take(3):
    print("mean", int(label), float(tf.reduce_mean(image)))
