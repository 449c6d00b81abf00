import numpy as np
import tensorflow as tf
import keras
from keras import layers

conv1 = layers.Conv2D(16, 3, strides=2, padding="same", activation="relu", name="conv1")
conv2 = layers.Conv2D(32, 3, strides=2, padding="same", activation="relu", name="conv2")
flatten = layers.Flatten()
joints_head = layers.Dense(72, name="joints")


def encoder(images):
    net = conv1(images)
    net = conv2(net)
    net = flatten(net)
    return joints_head(net)


frames = tf.constant(np.random.default_rng(8).random((2, 32, 32, 3)), tf.float32)
joints = encoder(frames)
print("joint coordinates", joints.shape)
