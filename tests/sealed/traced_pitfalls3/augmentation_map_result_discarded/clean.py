"""The fix: Dataset.map returns a new dataset; assign it."""

import numpy as np
import tensorflow as tf

patches = np.tile(np.arange(4, dtype="float32"), (32, 4, 1))[..., None]
train_ds = tf.data.Dataset.from_tensor_slices(patches)


def random_flip(x):
    return tf.cond(tf.random.uniform(()) > 0.5, lambda: x[:, ::-1, :], lambda: x)


data_aug = True
if data_aug:
    train_ds = train_ds.map(random_flip, num_parallel_calls=tf.data.AUTOTUNE)

flipped = sum(int(p[0, 0, 0] == 3.0) for p in train_ds.as_numpy_iterator())
print("flipped", flipped)
