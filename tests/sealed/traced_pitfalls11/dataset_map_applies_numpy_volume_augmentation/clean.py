"""The fix: call the NumPy augmentation through tf.numpy_function, which hands it real arrays."""

import numpy as np
import tensorflow as tf


class Float:
    def __call__(self, image):
        return image.astype(np.float32)


class Flip:
    def __call__(self, image):
        return np.ascontiguousarray(np.flip(image, axis=0)) if np.random.rand() < 0.5 else image


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
    aug_data = tf.numpy_function(aug, [image], tf.float32)
    aug_data.set_shape(image.shape)
    return aug_data


dataset = tf.data.Dataset.from_tensor_slices(volumes).map(get_augmentation)
for volume in dataset.take(1):
    print("[volume]", volume.shape, volume.dtype)
