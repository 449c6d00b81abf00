"""The fix: express the mask preprocessing with TensorFlow ops, which work in the traced map function."""

import numpy as np
import tensorflow as tf

ds = tf.data.Dataset.from_tensor_slices(
    {
        "image": np.random.rand(4, 16, 16, 3).astype(np.float32),
        "segmentation_mask": np.random.randint(1, 4, (4, 16, 16, 1)).astype(np.uint8),
    }
)


def preprocess(datapoint):
    mask = datapoint["segmentation_mask"]
    mask = mask - 1
    return datapoint["image"], mask


ds = ds.map(preprocess)
for image, mask in ds.take(1):
    print("[mask]", mask.shape)
