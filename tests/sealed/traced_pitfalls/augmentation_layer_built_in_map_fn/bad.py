# SOURCE: https://github.com/keras-team/keras/issues/15358
# SYMPTOM: raises ValueError
# DESCRIPTION: Keras random augmentation layers are constructed inside the function given to Dataset.map, so their state is created while tracing
"""Keras augmentation layers used inside a tf.data pipeline."""

import numpy as np
import tensorflow as tf
from tensorflow.keras import layers


def rand_augmentation(x, y):
    flip = layers.RandomFlip("horizontal", seed=123)  # EXPECT: variable-creation/layer-built-in-traced-code
    rotate = layers.RandomRotation(0.1, seed=123)  # EXPECT: variable-creation/layer-built-in-traced-code
    return rotate(flip(x)), y


x_train = np.random.rand(16, 16, 16, 3).astype("float32")
y_train = np.random.randint(0, 10, 16)
train_ds = tf.data.Dataset.from_tensor_slices((x_train, y_train)).batch(4).map(rand_augmentation)
for images, labels in train_ds:
    print("batch", images.shape)
