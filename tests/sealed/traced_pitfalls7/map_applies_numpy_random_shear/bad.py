# SOURCE: https://github.com/tensorflow/tensorflow/issues/45326
# SYMPTOM: raises AttributeError
# ENV: TF_USE_LEGACY_KERAS=1
# DESCRIPTION: a tf.data map function applies Keras' NumPy-based image augmentation helper to the image tensor, which inside map is symbolic and cannot be handed to NumPy or SciPy
"""Random shear augmentation in an image input pipeline."""

import numpy as np
import tensorflow as tf

images = np.random.default_rng(0).random((4, 16, 16, 3)).astype("float32")


def augment(image):
    sheared = tf.keras.preprocessing.image.random_shear(  # EXPECT: graph-incompatible/numpy-on-graph-tensor
        image, intensity=20, row_axis=0, col_axis=1, channel_axis=2
    )
    return sheared


dataset = tf.data.Dataset.from_tensor_slices(images).map(augment)
for image in dataset:
    print("image", image.shape)
