# SOURCE: https://www.tensorflow.org/guide/function
# SYMPTOM: raises ValueError
"""A custom layer creates its kernel with add_weight inside call instead of build."""

import numpy as np
import tensorflow as tf


class Projection(tf.keras.layers.Layer):
    def call(self, x):
        kernel = self.add_weight(name="kernel", shape=(x.shape[-1], 1), initializer="ones")  # EXPECT: TF401
        return tf.matmul(x, kernel)


model = tf.keras.Sequential([tf.keras.Input((2,)), Projection()])
model.compile(optimizer="sgd", loss="mse")
model.fit(np.ones((5, 2)), np.ones((5, 1)), batch_size=2, epochs=1, verbose=0)
