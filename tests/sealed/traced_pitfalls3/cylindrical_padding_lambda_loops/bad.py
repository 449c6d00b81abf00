# SOURCE: https://github.com/keras-team/keras/issues/10767
# SYMPTOM: raises Exception
# DESCRIPTION: a Lambda layer implements cylindrical padding by looping in Python over the batch and the filter maps and concatenating with NumPy, which cannot run on the symbolic tensors the Lambda receives when the model is built and traced
"""Cylindrical (wrap-around) padding between two convolutions."""

import numpy as np
import tensorflow as tf

N = 1


def transform(element):
    batch_result = []
    for batch_element in element:  # EXPECT: graph-incompatible/tensor-iterated-in-python-loop
        first_columns = batch_element[:, :N, :]
        last_columns = batch_element[:, -N:, :]
        batch_result.append(np.concatenate((last_columns, batch_element, first_columns), axis=1))
    return np.array(batch_result)


inputs = tf.keras.Input((8, 8, 1))
x = tf.keras.layers.Conv2D(2, 3, padding="same")(inputs)
x = tf.keras.layers.Lambda(transform)(x)
x = tf.keras.layers.Conv2D(2, (1, 3), padding="valid")(x)
model = tf.keras.Model(inputs, x)
print("out", model.predict(np.random.rand(2, 8, 8, 1).astype("float32"), verbose=0).shape)
