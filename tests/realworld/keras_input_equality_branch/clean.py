"""The fix: both heads in the model, the output picked per sample with keras.ops.where."""

import keras
import tensorflow as tf
from tensorflow.keras import layers

x_tensor = tf.keras.Input(shape=(50,))
a_tensor = tf.keras.Input(shape=(1,))

x = layers.Dense(32, activation="relu")(x_tensor)
x = layers.Dense(32, activation="relu")(x)

y1 = layers.Dense(1, name="T1")(x)
y2 = layers.Dense(1, name="T2")(x)
y = keras.ops.where(keras.ops.equal(a_tensor, 1.0), y1, y2)

model = tf.keras.Model([x_tensor, a_tensor], y)
print("heads with T1:", sum(layer.name == "T1" for layer in model.layers))
