# SOURCE: https://github.com/tensorflow/tensorflow/issues/38215
# SYMPTOM: raises OperatorNotAllowedInGraphError
# DESCRIPTION: a custom layer normalises each sample by looping in Python over a tensor range of the batch size and collecting the rows in a Python list, which worked in an older release, but Keras calls the layer on symbolic inputs without AutoGraph and the loop over the tensor is refused
"""A layer that scales every sample of the batch to unit length."""

import keras
import tensorflow as tf


class PerSampleNorm(keras.layers.Layer):
    def call(self, x):
        batch_size = tf.shape(x)[0]
        rows = []
        for batch in tf.range(batch_size):  # EXPECT: graph-incompatible/tensor-iterated-in-python-loop
            rows.append(x[batch] / tf.norm(x[batch]))  # EXPECT: leaked-tensor/list-append-in-tensor-loop
        return tf.stack(rows)


inputs = keras.Input((5,))
outputs = keras.layers.Dense(2)(PerSampleNorm()(inputs))
model = keras.Model(inputs, outputs)
print("output", model(tf.ones((3, 5))).numpy().shape)
