import numpy as np
import tensorflow as tf
from tensorflow import keras


class PerExampleGram(keras.layers.Layer):
    def call(self, inputs):
        return tf.map_fn(lambda m: tf.matmul(m, m, transpose_b=True), inputs)


inputs = keras.Input((4, 3))
model = keras.Model(inputs, PerExampleGram()(inputs))
model.predict(np.ones((2, 4, 3)), verbose=0)
