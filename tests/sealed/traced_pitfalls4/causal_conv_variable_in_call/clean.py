"""The fix: causal padding with tf.pad, a tensor op; the layer owns only its kernel weight."""

import numpy as np
import tensorflow as tf


class CausalConv1D(tf.keras.layers.Layer):
    def build(self, input_shape):
        self.kernel = self.add_weight(shape=(3, 1, 1), initializer="ones")

    def call(self, inputs):
        padded = tf.pad(inputs, [[0, 0], [2, 0], [0, 0]])
        return tf.nn.conv1d(padded, self.kernel, 1, "VALID")


inp = tf.keras.Input((3, 1), batch_size=1)
model = tf.keras.Model(inp, CausalConv1D()(inp))
print("next", model.predict(np.arange(3.0).reshape(1, 3, 1), verbose=0).ravel().tolist())
