# SOURCE: https://github.com/tensorflow/tensorflow/issues/31848
# SYMPTOM: raises ValueError
# DESCRIPTION: a functional model is built by running tf.while_loop directly on the Keras Input tensors to accumulate a top-k style score; Keras symbolic inputs cannot be fed to raw TensorFlow control flow, only to layers
"""Score each sequence by accumulating its steps with a while loop, inside a functional model."""

import numpy as np
import tensorflow as tf
from tensorflow import keras

inputs = keras.Input((5, 3))


def body(step, total):
    return step + 1, total + inputs[:, step, :]


_, summed = tf.while_loop(  # EXPECT: keras3/tf-op-on-keras-symbolic-tensor
    lambda step, total: step < 5, body, (tf.constant(0), tf.zeros_like(inputs[:, 0, :]))
)
outputs = keras.layers.Dense(1)(summed)
model = keras.Model(inputs, outputs)
print("[predict]", model.predict(np.random.rand(4, 5, 3), verbose=0).shape)
