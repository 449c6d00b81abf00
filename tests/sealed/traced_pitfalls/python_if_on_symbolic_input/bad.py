# SOURCE: https://github.com/keras-team/keras/issues/8630
# SYMPTOM: number "heads" < 2
# DESCRIPTION: a functional Keras model branches with a Python if on the value of a symbolic input tensor; the branch is decided once while the graph is built, so one head is never used
"""A two-task model that should pick its output head from a task-id input."""

import tensorflow as tf
from tensorflow.keras import layers

x_tensor = tf.keras.Input(shape=(50,))
a_tensor = tf.keras.Input(shape=(1,))

x = layers.Dense(32, activation="relu")(x_tensor)
x = layers.Dropout(0.5)(x)
x = layers.Dense(32, activation="relu")(x)

if a_tensor == 1:  # EXPECT: graph-incompatible/python-if-on-symbolic-tensor
    y = layers.Dense(1, name="T1")(x)
else:
    y = layers.Dense(1, name="T2")(x)

model = tf.keras.Model([x_tensor, a_tensor], y)
print("heads", len([layer for layer in model.layers if layer.name in ("T1", "T2")]))
