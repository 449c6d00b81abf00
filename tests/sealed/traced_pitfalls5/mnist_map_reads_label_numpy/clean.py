"""The fix: the per-class value is looked up with a tensor gather inside the map."""

import numpy as np
import tensorflow as tf

BRIGHTNESS = tf.constant([0.1, 0.2, 0.3])


def adjust(image, label):
    delta = tf.gather(BRIGHTNESS, label)
    return image + delta, label


images = np.zeros((6, 4, 4), "float32")
labels = np.array([0, 1, 2, 0, 1, 2])
dataset = tf.data.Dataset.from_tensor_slices((images, labels)).map(adjust)
for image, label in dataset.take(3):
    print("mean", int(label), float(tf.reduce_mean(image)))
