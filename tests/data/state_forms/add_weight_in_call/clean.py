"""The kernel is created in build(), once."""

import numpy as np
import tensorflow as tf


class Projection(tf.keras.layers.Layer):
    def build(self, input_shape):
        self.kernel = self.add_weight(name="kernel", shape=(input_shape[-1], 1), initializer="ones")

    def call(self, x):
        return tf.matmul(x, self.kernel)


model = tf.keras.Sequential([tf.keras.Input((2,)), Projection()])
model.compile(optimizer="sgd", loss="mse")
model.fit(np.ones((5, 2)), np.ones((5, 1)), batch_size=2, epochs=1, verbose=0)
