# SOURCE: https://github.com/tensorflow/tensorflow/issues/59726
# SYMPTOM: raises ValueError
# DESCRIPTION: a custom Keras layer computes its output with a NumPy function op, whose result has unknown rank in the traced call, so the layers after it cannot be built
"""A custom preprocessing layer that runs NumPy code inside a Keras model."""

import numpy as np
import tensorflow as tf


def numpy_method(inputs):
    return np.sqrt(inputs)


class SqrtLayer(tf.keras.layers.Layer):
    def call(self, inputs):
        return tf.numpy_function(numpy_method, [inputs], inputs.dtype)  # EXPECT: graph-incompatible/unknown-shape-from-python-function


model = tf.keras.Sequential([tf.keras.Input((32, 32, 3)), SqrtLayer(), tf.keras.layers.Conv2D(4, 3), tf.keras.layers.GlobalAveragePooling2D()])
model.compile(optimizer="adam", loss="mse")
x = np.random.rand(8, 32, 32, 3).astype("float32")
model.fit(x, np.random.rand(8, 4).astype("float32"), epochs=1, verbose=0)
print("trained", len(model.weights))
