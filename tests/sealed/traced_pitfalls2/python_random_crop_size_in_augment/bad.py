# SOURCE: https://github.com/ariG23498/G-SimCLR/issues/10
# SYMPTOM: distinct "crop" < 2
# DESCRIPTION: an augmentation mapped over a dataset draws its crop size with Python's random module, which runs once while the map function is traced, so every image gets the same crop size
"""A SimCLR-style augmentation with a random resized crop."""

import random

import numpy as np
import tensorflow as tf


class CustomAugment:
    def __call__(self, sample):
        return self._random_resized_crop(sample)

    def _random_resized_crop(self, x, s=32):
        r_s = random.randint(7, 16)  # EXPECT: side-effect/python-random-in-traced-code
        crop = tf.image.random_crop(x, size=[r_s, r_s, 3])
        return tf.image.resize(crop, [s, s]), tf.shape(crop)[0]


images = np.random.rand(12, 32, 32, 3).astype("float32")
dataset = tf.data.Dataset.from_tensor_slices(images).map(CustomAugment())
for image, size in dataset:
    print("crop", int(size))
