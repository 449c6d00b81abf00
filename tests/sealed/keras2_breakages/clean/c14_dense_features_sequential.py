# class: 14
# DESCRIPTION: (Keras 3 form) DenseFeatures as the first layer of a Sequential model fed a dict of columns
# SOURCE: https://github.com/tensorflow/tensorflow/issues/39818
import numpy as np
import tensorflow as tf
from tensorflow.keras import layers

inputs = {name: tf.keras.Input(shape=(1,), name=name) for name in ("a", "b")}
x = layers.Concatenate()([inputs["a"], inputs["b"]])
model = tf.keras.Model(inputs, layers.Dense(1, kernel_initializer="ones")(x))
batch = {"a": np.array([[1.0]], "float32"), "b": np.array([[2.0]], "float32")}
print(model(batch).numpy().tolist())
