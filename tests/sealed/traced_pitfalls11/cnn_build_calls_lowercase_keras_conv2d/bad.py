# SOURCE: https://github.com/tensorflow/tensorflow/issues/56719
# SYMPTOM: raises AttributeError
# DESCRIPTION: while porting a TF1 CNN to TF2 the author replaced tf.layers.conv2d(inputs=..., ...) with tf.keras.layers.conv2d(inputs=..., ...); Keras has no functional lowercase conv2d, only the Conv2D layer class that is constructed and then called on the tensor, so building the model fails
"""Small CNN classifier built in a plain Python model class."""

import numpy as np
import tensorflow as tf


class Model:
    def __init__(self, images, n_classes=10):
        self.images = images
        self.n_classes = n_classes
        self.logits = self.build(self.images, self.n_classes)

    def build(self, features, n_classes):
        conv1 = tf.keras.layers.conv2d(inputs=features, filters=8, kernel_size=[5, 5], padding="same", activation=tf.nn.relu)  # EXPECT: tf1-api/tf-layers-functional-call-renamed-to-keras
        pool1 = tf.keras.layers.MaxPooling2D(pool_size=[2, 2], strides=2)(conv1)
        flat = tf.keras.layers.Flatten()(pool1)
        return tf.keras.layers.Dense(n_classes)(flat)


images = tf.constant(np.random.default_rng(0).normal(size=(4, 28, 28, 1)).astype("float32"))
model = Model(images)
print("[logits]", model.logits.shape)
