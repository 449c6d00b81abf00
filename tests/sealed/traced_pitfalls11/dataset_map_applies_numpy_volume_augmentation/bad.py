# SOURCE: https://github.com/ZFTurbo/volumentations/issues/3
# SYMPTOM: raises AttributeError
# DESCRIPTION: a NumPy-based 3D augmentation pipeline (calling .astype and NumPy ops on its input) is applied inside Dataset.map; the map function receives symbolic tensors, which have no NumPy methods
"""Augment 3D volumes in a tf.data pipeline with a NumPy augmentation object."""

import numpy as np
import tensorflow as tf


class Float:
    def __call__(self, image):
        return image.astype(np.float32)


class Flip:
    def __call__(self, image):
        return np.flip(image, axis=0) if np.random.rand() < 0.5 else image


class Compose:
    def __init__(self, transforms):
        self.transforms = transforms

    def __call__(self, image):
        for transform in self.transforms:
            image = transform(image)
        return image


aug = Compose([Float(), Flip()])
volumes = np.random.randint(0, 255, (4, 8, 8, 8)).astype(np.uint8)


def get_augmentation(image):
    data = {"image": image}
    aug_data = aug(data["image"])  # EXPECT: graph-incompatible/numpy-call-in-dataset-map
    return aug_data


dataset = tf.data.Dataset.from_tensor_slices(volumes).map(get_augmentation)
for volume in dataset.take(1):
    print("[volume]", volume.shape, volume.dtype)
