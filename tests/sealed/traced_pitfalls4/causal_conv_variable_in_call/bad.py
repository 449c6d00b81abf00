# SOURCE: https://github.com/keras-team/keras/issues/15121
# SYMPTOM: raises ValueError
# DESCRIPTION: a custom causal Conv1D layer builds its left-padded input by creating a new zero variable inside call and assigning input values into it one position at a time, which fails when Keras traces the layer to infer its output
"""A hand-written causal 1-D convolution layer for next-sequence prediction."""

import numpy as np
import tensorflow as tf


class CausalConv1D(tf.keras.layers.Layer):
    def build(self, input_shape):
        self.kernel = self.add_weight(shape=(3, 1, 1), initializer="ones")

    def call(self, inputs):
        padded = tf.Variable(tf.zeros((1, 5, 1)))  # EXPECT: variable-creation/variable-created-in-call
        for i in range(3):
            padded[0, 2 + i, 0].assign(inputs[0, i, 0])
        return tf.nn.conv1d(padded, self.kernel, 1, "VALID")


inp = tf.keras.Input((3, 1), batch_size=1)
model = tf.keras.Model(inp, CausalConv1D()(inp))
print("next", model.predict(np.arange(3.0).reshape(1, 3, 1), verbose=0).ravel().tolist())
