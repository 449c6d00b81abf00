# SOURCE: https://openillumi.com/?p=77726
# SYMPTOM: raises ValueError
"""A compiled loss reaches into the functional graph: it uses a hidden layer's symbolic output."""

import numpy as np
import tensorflow as tf
import keras

inputs = keras.Input((6,))
hidden = keras.layers.Dense(8, activation="relu")(inputs)
outputs = keras.layers.Dense(1)(hidden)
model = keras.Model(inputs, outputs)


def penalised_loss(y_true, y_pred):
    penalty = tf.reduce_mean(tf.square(hidden))  # EXPECT: TF015|TF303
    return tf.reduce_mean(tf.square(y_true - y_pred)) + 0.01 * penalty


model.compile(optimizer="adam", loss=penalised_loss)
model.fit(np.ones((8, 6)), np.ones((8, 1)), epochs=1, verbose=0)
