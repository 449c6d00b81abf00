"""The fix: keep the random decision a tensor and branch with tf.cond."""

import numpy as np
import tensorflow as tf

images = np.random.rand(4, 16, 16, 3).astype("float32")
boxes = np.random.rand(4, 4).astype("float32")


def load_data(image, labels):
    flip = tf.random.uniform(shape=[]) > 0.5
    image = tf.cond(flip, lambda: tf.image.flip_left_right(image), lambda: image)
    labels = tf.cond(
        flip,
        lambda: tf.stack([1.0 - labels[2], labels[1], 1.0 - labels[0], labels[3]]),
        lambda: labels,
    )
    return image, labels


dataset = tf.data.Dataset.from_tensor_slices((images, boxes)).map(load_data)
print("batches", sum(1 for _ in dataset))
