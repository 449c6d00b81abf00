"""The fix: pass the tensors themselves to tf.numpy_function; it converts them to arrays when the op runs."""

import numpy as np
import tensorflow as tf
from tensorflow import keras


def func(param, input):
    return (param * input**2).astype(np.float32)


def gradfunc(param, input):
    return (input**2).astype(np.float32)


@tf.custom_gradient
def func_tf(param, input):
    def grad(dy):
        dparam = tf.reduce_sum(dy * tf.numpy_function(gradfunc, (param, input), tf.float32))
        return dparam, dy * 2 * param * input

    result = tf.numpy_function(func, (param, input), tf.float32)
    result.set_shape(input.shape)
    return result, grad


class MyLayer(keras.layers.Layer):
    def build(self, input_shape):
        self.param = self.add_weight(name="param", shape=(), initializer="ones")

    def call(self, input):
        return func_tf(tf.convert_to_tensor(self.param), input)


class MyModel(keras.Model):
    def __init__(self, num_layers):
        super().__init__()
        self.my_layers = [MyLayer() for _ in range(num_layers)]

    def call(self, input_tensor):
        for layer in self.my_layers:
            input_tensor = layer(input_tensor)
        return input_tensor


model = MyModel(3)
print("[eager]", model(tf.constant([[1.5]])).numpy())
model.compile(optimizer="sgd", loss="mse")
model.fit(np.random.rand(8, 1).astype(np.float32), np.random.rand(8, 1).astype(np.float32), epochs=1, verbose=0)
print("[fit] done")
