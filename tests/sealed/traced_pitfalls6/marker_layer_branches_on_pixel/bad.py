# SOURCE: https://github.com/keras-team/keras/issues/14889
# SYMPTOM: raises OperatorNotAllowedInGraphError
# DESCRIPTION: a custom layer decides its output with a Python if on the value of one pixel of its input tensor, which has no value while the functional model is built
"""A layer that marks images whose first pixel is saturated red."""

import numpy as np
import keras
import tensorflow as tf


class RedMarker(keras.layers.Layer):
    def call(self, images):
        if images[0, 0, 0, 0] == 255.0:  # EXPECT: graph-incompatible/python-if-on-symbolic-tensor
            return tf.ones_like(images[:, :1, :1, :])
        return tf.zeros_like(images[:, :1, :1, :])


inputs = keras.Input((2, 2, 3))
marked = RedMarker()(inputs)
model = keras.Model(inputs, marked)
batch = np.zeros((2, 2, 2, 3), dtype="float32")
batch[0, 0, 0, 0] = 255.0
print("marked", model.predict(batch, verbose=0)[:, 0, 0, 0])
