# SOURCE: https://github.com/shepnerd/inpainting_gmcnn/issues/71
# SYMPTOM: raises AttributeError
# DESCRIPTION: an image-inpainting generator written for TF1 pre-binds its convolutions with functools.partial(tf.layers.conv2d, ...) in the model's constructor; the tf.layers module is gone in TF2, so constructing the model fails
"""Multi-column generator branch of an image-inpainting network."""

from functools import partial

import numpy as np
import tensorflow as tf


class GMCNNBranch:
    def __init__(self, cnum=8):
        self.conv7 = partial(tf.layers.conv2d, kernel_size=7, activation=tf.nn.elu, padding="SAME")  # EXPECT: tf1-api/tf-layers
        self.cnum = cnum

    def __call__(self, x):
        x = self.conv7(inputs=x, filters=self.cnum, strides=1)
        x = self.conv7(inputs=x, filters=2 * self.cnum, strides=2)
        return x


images = tf.constant(np.random.default_rng(0).random((2, 32, 32, 3)).astype("float32"))
branch = GMCNNBranch()
print("[features]", branch(images).shape)
