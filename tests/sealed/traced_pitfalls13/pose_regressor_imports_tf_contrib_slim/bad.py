# SOURCE: https://github.com/Dene33/video_to_bvh/issues/32
# SYMPTOM: raises ModuleNotFoundError
# DESCRIPTION: a video-to-pose notebook's regressor builds its encoder with tensorflow.contrib.slim layers; tf.contrib does not exist in TensorFlow 2, so the import fails (Keras layers replace slim.conv2d / slim.fully_connected)
import numpy as np
import tensorflow as tf
import tensorflow.contrib.slim as slim  # EXPECT: tf1-api/contrib-import


def encoder(images):
    net = slim.conv2d(images, 16, [3, 3], stride=2, scope="conv1")
    net = slim.conv2d(net, 32, [3, 3], stride=2, scope="conv2")
    net = slim.flatten(net)
    return slim.fully_connected(net, 72, activation_fn=None, scope="joints")


frames = tf.constant(np.random.default_rng(8).random((2, 32, 32, 3)), tf.float32)
joints = encoder(frames)
print("joint coordinates", joints.shape)
