import numpy as np
import tensorflow as tf
from tensorflow import keras


class EveryPth(keras.layers.Layer):
    def __init__(self, p, **kwargs):
        super().__init__(**kwargs)
        self.p = p

    def call(self, inputs):
        return inputs[:, :: self.p, :]


inputs = keras.Input((24, 4))
model = keras.Model(inputs, EveryPth(4)(inputs))
model.predict(np.ones((2, 24, 4)), verbose=0)
