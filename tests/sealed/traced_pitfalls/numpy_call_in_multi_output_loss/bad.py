# SOURCE: https://github.com/tensorflow/tensorflow/issues/39892
# SYMPTOM: raises AttributeError
# DESCRIPTION: a custom loss for one output of a two-output model converts its inputs with .numpy(), which graph tensors do not have when fit traces the loss
"""Source separation with a two-output model and a hand-written masked loss."""

import numpy as np
import tensorflow as tf


def masked_mse(y_true, y_pred):
    mask = (y_true.numpy() > 0.1).astype("float32")  # EXPECT: graph-incompatible/numpy-in-traced-code
    return tf.reduce_mean(mask * tf.square(y_true - y_pred))


inputs = tf.keras.Input((16,))
hidden = tf.keras.layers.Dense(32, activation="relu")(inputs)
voice = tf.keras.layers.Dense(16, name="voice")(hidden)
noise = tf.keras.layers.Dense(16, name="noise")(hidden)
model = tf.keras.Model(inputs, [voice, noise])
model.compile(optimizer="adam", loss=[masked_mse, "mse"])
x = np.random.rand(32, 16).astype("float32")
model.fit(x, [x, x], batch_size=8, epochs=1, verbose=0)
print("trained")
