# SOURCE: https://github.com/keras-team/keras/issues/8630
# SYMPTOM: number "heads with T1:" < 1
"""A functional model picks its output head with a Python `if` on a second Keras input."""

import tensorflow as tf
from tensorflow.keras import layers

x_tensor = tf.keras.Input(shape=(50,))
a_tensor = tf.keras.Input(shape=(1,))

x = layers.Dense(32, activation="relu")(x_tensor)
x = layers.Dense(32, activation="relu")(x)

if a_tensor == 1:  # EXPECT: TF891
    y = layers.Dense(1, name="T1")(x)
else:
    y = layers.Dense(1, name="T2")(x)

model = tf.keras.Model([x_tensor, a_tensor], y)
print("heads with T1:", sum(layer.name == "T1" for layer in model.layers))
