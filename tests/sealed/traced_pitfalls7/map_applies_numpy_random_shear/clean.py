"""The fix: run the NumPy augmentation through tf.numpy_function and restore the shape."""

import numpy as np
import tensorflow as tf

images = np.random.default_rng(0).random((4, 16, 16, 3)).astype("float32")


def shear(image):
    return tf.keras.preprocessing.image.random_shear(
        image, intensity=20, row_axis=0, col_axis=1, channel_axis=2
    ).astype("float32")


def augment(image):
    sheared = tf.numpy_function(shear, [image], tf.float32)
    sheared.set_shape(image.shape)
    return sheared


dataset = tf.data.Dataset.from_tensor_slices(images).map(augment)
for image in dataset:
    print("image", image.shape)
