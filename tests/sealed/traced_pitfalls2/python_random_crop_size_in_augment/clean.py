"""The fix: draw the crop size with a TensorFlow random op, evaluated for every element."""

import numpy as np
import tensorflow as tf


class CustomAugment:
    def __call__(self, sample):
        return self._random_resized_crop(sample)

    def _random_resized_crop(self, x, s=32):
        r_s = tf.random.uniform([], 7, 17, dtype=tf.int32)
        crop = tf.image.random_crop(x, size=[r_s, r_s, 3])
        return tf.image.resize(crop, [s, s]), tf.shape(crop)[0]


images = np.random.rand(12, 32, 32, 3).astype("float32")
dataset = tf.data.Dataset.from_tensor_slices(images).map(CustomAugment())
for image, size in dataset:
    print("crop", int(size))
