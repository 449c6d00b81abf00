# SOURCE: tf2lint issue 28 (graph-incompatible forms)
# SYMPTOM: raises TypeError
import numpy as np
import tensorflow as tf
from tensorflow import keras


class Maxout(keras.layers.Layer):
    def __init__(self, pieces, **kwargs):
        super().__init__(**kwargs)
        self.pieces = pieces

    def call(self, inputs):
        shape = inputs.get_shape().as_list()  # EXPECT: TF897
        channels = shape[-1]
        shape[-1] = channels // self.pieces
        shape += [self.pieces]
        return tf.reduce_max(tf.reshape(inputs, shape), axis=-1)


inputs = keras.Input((8, 8, 6))
model = keras.Model(inputs, Maxout(2)(inputs))
model.predict(np.ones((2, 8, 8, 6)), verbose=0)
