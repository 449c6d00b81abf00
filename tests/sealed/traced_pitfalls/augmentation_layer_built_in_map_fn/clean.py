"""The fix: build the augmentation layers once, outside the mapped function, and call them there."""

import numpy as np
import tensorflow as tf
from tensorflow.keras import layers

augment = tf.keras.Sequential(
    [layers.RandomFlip("horizontal", seed=123), layers.RandomRotation(0.1, seed=123)]
)


def rand_augmentation(x, y):
    return augment(x, training=True), y


x_train = np.random.rand(16, 16, 16, 3).astype("float32")
y_train = np.random.randint(0, 10, 16)
train_ds = tf.data.Dataset.from_tensor_slices((x_train, y_train)).batch(4).map(rand_augmentation)
for images, labels in train_ds:
    print("batch", images.shape)
