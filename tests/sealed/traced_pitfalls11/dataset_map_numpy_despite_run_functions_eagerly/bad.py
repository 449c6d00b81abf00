# SOURCE: https://github.com/tensorflow/tensorflow/issues/49724
# SYMPTOM: raises AttributeError
# DESCRIPTION: a segmentation pipeline's map function reads the mask with .numpy(), relying on tf.config.run_functions_eagerly(True); that switch does not apply to tf.data functions, which are still traced, so the mask is symbolic
"""Preprocess pet segmentation masks with NumPy."""

import numpy as np
import tensorflow as tf

tf.config.run_functions_eagerly(True)

ds = tf.data.Dataset.from_tensor_slices(
    {
        "image": np.random.rand(4, 16, 16, 3).astype(np.float32),
        "segmentation_mask": np.random.randint(1, 4, (4, 16, 16, 1)).astype(np.uint8),
    }
)


def preprocess(datapoint):
    mask = datapoint["segmentation_mask"]
    mask = mask.numpy() - 1  # EXPECT: graph-incompatible/numpy-call-in-dataset-map
    return datapoint["image"], mask


ds = ds.map(preprocess)
for image, mask in ds.take(1):
    print("[mask]", mask.shape)
