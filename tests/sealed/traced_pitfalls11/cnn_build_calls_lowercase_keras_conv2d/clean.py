"""The fix: construct the Keras Conv2D layer (capitalised class, configuration in the
constructor) and call it on the input tensor."""

import numpy as np
import tensorflow as tf


class Model:
    def __init__(self, images, n_classes=10):
        self.images = images
        self.n_classes = n_classes
        self.logits = self.build(self.images, self.n_classes)

    def build(self, features, n_classes):
        conv1 = tf.keras.layers.Conv2D(filters=8, kernel_size=[5, 5], padding="same", activation=tf.nn.relu)(features)
        pool1 = tf.keras.layers.MaxPooling2D(pool_size=[2, 2], strides=2)(conv1)
        flat = tf.keras.layers.Flatten()(pool1)
        return tf.keras.layers.Dense(n_classes)(flat)


images = tf.constant(np.random.default_rng(0).normal(size=(4, 28, 28, 1)).astype("float32"))
model = Model(images)
print("[logits]", model.logits.shape)
