# SOURCE: https://github.com/captain-pool/GSOC/pull/35
# SYMPTOM: distinct "epoch" < 2
# DESCRIPTION: a super-resolution input pipeline applies its random flip and brightness augmentation in a dataset map placed before cache, so the first epoch's augmented images are cached and every later epoch sees exactly the same augmentation
"""An image pipeline for super-resolution training with random augmentation."""

import numpy as np
import tensorflow as tf


def augment(image):
    image = tf.image.random_flip_left_right(image)
    return tf.image.random_brightness(image, 0.2)


images = tf.data.Dataset.from_tensor_slices(np.random.rand(4, 8, 8, 3).astype("float32"))
dataset = images.map(augment).cache().batch(4)  # EXPECT: stale-capture/random-map-before-cache

for epoch in range(2):
    batch = next(iter(dataset))
    print("epoch", f"{float(tf.reduce_sum(batch)):.4f}")
