# SOURCE: https://github.com/tensorflow/tensorflow/issues/34674
# SYMPTOM: raises ValueError
# DESCRIPTION: a functional model wraps a Python function with the TensorFlow py_function op and applies it directly to two Keras inputs, but the inputs are symbolic Keras tensors that TensorFlow operations cannot take
"""Adds two model inputs with a Python function."""

import keras
import tensorflow as tf


def add(x, y):
    return x + y


x = keras.Input(shape=(), dtype="float32")
y = keras.Input(shape=(), dtype="float32")
z = tf.py_function(add, (x, y), tf.float32)  # EXPECT: graph-incompatible/tf-op-on-keras-symbolic-tensor
model = keras.Model([x, y], z)
print("sum", model([tf.constant([1.0]), tf.constant([2.0])]))
