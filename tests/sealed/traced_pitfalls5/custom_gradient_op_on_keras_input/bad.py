# SOURCE: https://github.com/tensorflow/tensorflow/issues/43916
# SYMPTOM: raises ValueError
# DESCRIPTION: a functional model applies a custom-gradient function that runs a NumPy computation through a TensorFlow wrapper op directly to a Keras input, and the symbolic Keras tensor cannot be passed to the TensorFlow op
"""A model that passes its input through a NumPy sine with a hand-written gradient."""

import numpy as np
import keras
import tensorflow as tf


@tf.custom_gradient
def numpy_sine(x):
    y = tf.numpy_function(np.sin, [x], tf.float32)

    def grad(dy):
        return dy * tf.cos(x)

    return y, grad


inputs = keras.Input((2,))
outputs = numpy_sine(inputs)  # EXPECT: graph-incompatible/tf-op-on-keras-symbolic-tensor
model = keras.Model(inputs, outputs)
print("output", model(tf.constant([[0.5, 1.0]])))
