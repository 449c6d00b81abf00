"""The fix: do the shape arithmetic inside a layer, where the input is a real tensor."""

import numpy as np
import keras
import tensorflow as tf


class MiddleColumn(keras.layers.Layer):
    def call(self, x):
        length = tf.shape(x)[1]
        return x[:, length // 2]


def middle_column_model():
    x = keras.Input(batch_shape=(1, None))
    y = MiddleColumn()(x)
    return keras.Model(inputs=x, outputs=y)


model = middle_column_model()
print(model(np.random.normal(size=(1, 10))))
