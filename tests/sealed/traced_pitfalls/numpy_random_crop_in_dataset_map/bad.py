# SOURCE: https://github.com/tensorflow/tensorflow/issues/40620
# SYMPTOM: distinct "shift" < 2
# DESCRIPTION: a random crop drawn with NumPy inside a function given to Dataset.map is drawn once, while tracing, so every image gets the same crop
"""Random-crop augmentation written with NumPy offsets and slicing."""

import numpy as np
import tensorflow as tf


def random_crop_single(img, crop_size=(24, 24)):
    height, width = img.shape[0], img.shape[1]
    dy, dx = crop_size
    x = np.random.randint(0, width - dx + 1)  # EXPECT: graph-incompatible/python-random-in-traced-code
    y = np.random.randint(0, height - dy + 1)  # EXPECT: graph-incompatible/python-random-in-traced-code
    return img[y : y + dy, x : x + dx, :], tf.stack([x, y])


images = np.random.rand(8, 32, 32, 3).astype("float32")
dataset = tf.data.Dataset.from_tensor_slices(images).map(random_crop_single)
for crop, shift in dataset:
    print("shift", shift.numpy().tolist())
