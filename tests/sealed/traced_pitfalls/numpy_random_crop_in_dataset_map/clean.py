"""The fix: draw the offsets with TensorFlow ops, which run for every element."""

import numpy as np
import tensorflow as tf


def random_crop_single(img, crop_size=(24, 24)):
    height, width = img.shape[0], img.shape[1]
    dy, dx = crop_size
    x = tf.random.uniform([], 0, width - dx + 1, dtype=tf.int32)
    y = tf.random.uniform([], 0, height - dy + 1, dtype=tf.int32)
    return img[y : y + dy, x : x + dx, :], tf.stack([x, y])


images = np.random.rand(8, 32, 32, 3).astype("float32")
dataset = tf.data.Dataset.from_tensor_slices(images).map(random_crop_single)
for crop, shift in dataset:
    print("shift", shift.numpy().tolist())
