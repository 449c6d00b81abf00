"""The fix from the thread: feed the external argument to the model as a second input."""

import numpy as np
import tensorflow as tf

inputs = tf.keras.Input((3,))
external_argument = tf.keras.Input((1,))
x = tf.keras.layers.Dense(3, kernel_initializer="ones")(inputs)
x = tf.keras.layers.Lambda(lambda ts: ts[0] * ts[1])([x, external_argument])
model = tf.keras.Model([inputs, external_argument], x)

data = np.ones((1, 3), dtype="float32")
for value in [1.0, 2.0, 3.0]:
    print("output", model.predict([data, np.array([[value]], "float32")], verbose=0).round(2).tolist())
