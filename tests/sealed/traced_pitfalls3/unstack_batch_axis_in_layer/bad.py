# SOURCE: https://github.com/keras-team/keras/issues/12369
# SYMPTOM: raises Exception
# DESCRIPTION: a custom layer unstacks its input into a Python list of per-example matrices along the batch axis, whose size is unknown while the layer is traced, so the number of pieces cannot be inferred
"""Processing each (frames x features) matrix of a batch separately in a custom layer."""

import numpy as np
import tensorflow as tf


class PerExample(tf.keras.layers.Layer):
    def call(self, x):
        matrices = tf.unstack(x, axis=0)  # EXPECT: graph-incompatible/static-shape-with-none-dimension
        return tf.stack([tf.matmul(m, m, transpose_a=True) for m in matrices])


inputs = tf.keras.Input((61, 80))
outputs = PerExample()(inputs)
model = tf.keras.Model(inputs, outputs)
print("out", model.predict(np.random.rand(2, 61, 80).astype("float32"), verbose=0).shape)
