import numpy as np
import tensorflow as tf
from tensorflow import keras


def wrap_pad(x):
    return tf.concat([x[:, :, -1:], x, x[:, :, :1]], axis=2)


inputs = keras.Input((8, 8, 3))
model = keras.Model(inputs, keras.layers.Lambda(wrap_pad)(inputs))
model.predict(np.ones((2, 8, 8, 3)), verbose=0)
