# class: 14
# DESCRIPTION: (Keras 3 form) A Normalization layer subclassing tf.keras.layers.experimental.preprocessing.PreprocessingLayer
# SOURCE: https://github.com/markub3327/Solar-Transformer/issues/6
import numpy as np
import tensorflow as tf


class Normalization(tf.keras.layers.Layer):
    def __init__(self, mean, std, **kwargs):
        super().__init__(**kwargs)
        self.mean = mean
        self.std = std

    def call(self, inputs):
        return (inputs - self.mean) / self.std


print(Normalization(2.0, 4.0)(np.array([[6.0]], "float32")).numpy().tolist())
