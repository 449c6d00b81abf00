# class: 4
# DESCRIPTION: (Keras 3 form) self.add_weight('matrix', shape=(num_fs, out_dim), ...) in a custom layer's build
# SOURCE: https://github.com/keras-team/keras/issues/20299
import numpy as np
import tensorflow as tf


class MatrixLayer(tf.keras.layers.Layer):
    def __init__(self, out_dim, **kwargs):
        super().__init__(**kwargs)
        self.out_dim = out_dim

    def build(self, input_shape):
        num_fs = int(input_shape[-1])
        self.matrix_layer = self.add_weight(name="matrix", shape=(num_fs, self.out_dim), initializer="ones")
        self.bias = self.add_weight(name="bias", shape=(self.out_dim,), initializer="zeros")

    def call(self, inputs):
        return tf.matmul(inputs, self.matrix_layer) + self.bias


inputs = tf.keras.Input(shape=(5, 3))
x = inputs[:, :, :-1]
model = tf.keras.Model(inputs, MatrixLayer(4)(x))
print(model(np.ones((1, 5, 3), "float32")).shape)
