# SOURCE: https://github.com/tensorflow/tensorflow/issues/44059
# SYMPTOM: raises NotImplementedError
"""An augmentation written with NumPy is mapped over a dataset of image tensors."""

import numpy as np
import tensorflow as tf


def augmentation(image, mask):
    image = np.fliplr(image)  # EXPECT: TF804
    mask = np.fliplr(mask)  # EXPECT: TF804
    return image, mask


images = tf.ones([2, 4, 4, 1])
dataset = tf.data.Dataset.from_tensor_slices((images, images)).map(augmentation)
for image, mask in dataset:
    print("image", image.shape)
