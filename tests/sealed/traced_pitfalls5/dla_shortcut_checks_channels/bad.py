# SOURCE: https://github.com/tensorflow/tensorflow/issues/32839
# SYMPTOM: raises ValueError
# DESCRIPTION: a functional detection backbone decides whether a residual shortcut needs a projection by reading the channel count of a Keras tensor with a TensorFlow shape op, which cannot take the symbolic Keras tensor
"""Builds a small aggregation block of a detection backbone with the functional API."""

import keras
import tensorflow as tf


def conv_bn(bottom, filters):
    x = keras.layers.Conv2D(filters, 1)(bottom)
    return keras.layers.BatchNormalization()(x)


def basic_block(bottom, filters):
    conv = conv_bn(conv_bn(bottom, filters), filters)
    input_channels = tf.shape(bottom)[-1]  # EXPECT: graph-incompatible/tf-op-on-keras-symbolic-tensor
    shortcut = bottom if input_channels == filters else conv_bn(bottom, filters)
    return keras.layers.Add()([conv, shortcut])


inputs = keras.Input((16, 16, 3))
outputs = basic_block(inputs, 8)
model = keras.Model(inputs, outputs)
print("output", model.output_shape)
