"""The fix: build both heads and select between them with a tensor operation."""

import tensorflow as tf
from tensorflow import keras
from tensorflow.keras import layers

x_tensor = tf.keras.Input(shape=(50,))
a_tensor = tf.keras.Input(shape=(1,))

x = layers.Dense(32, activation="relu")(x_tensor)
x = layers.Dropout(0.5)(x)
x = layers.Dense(32, activation="relu")(x)

y1 = layers.Dense(1, name="T1")(x)
y2 = layers.Dense(1, name="T2")(x)
y = keras.ops.where(keras.ops.equal(a_tensor, 1.0), y1, y2)

model = tf.keras.Model([x_tensor, a_tensor], y)
print("heads", len([layer for layer in model.layers if layer.name in ("T1", "T2")]))
