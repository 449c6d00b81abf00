# SOURCE: https://github.com/EscVM/RAMS/issues/15
# SYMPTOM: number "flipped" < 1
# DESCRIPTION: a training script applies its random flip augmentation with dataset.map but throws away the dataset map returns, so the training dataset is never augmented
"""Random flip augmentation for a super-resolution training set."""

import numpy as np
import tensorflow as tf

patches = np.tile(np.arange(4, dtype="float32"), (32, 4, 1))[..., None]
train_ds = tf.data.Dataset.from_tensor_slices(patches)


def random_flip(x):
    return tf.cond(tf.random.uniform(()) > 0.5, lambda: x[:, ::-1, :], lambda: x)


data_aug = True
if data_aug:
    train_ds.map(random_flip, num_parallel_calls=tf.data.AUTOTUNE)  # EXPECT: api-misuse/dataset-map-result-discarded

flipped = sum(int(p[0, 0, 0] == 3.0) for p in train_ds.as_numpy_iterator())
print("flipped", flipped)
