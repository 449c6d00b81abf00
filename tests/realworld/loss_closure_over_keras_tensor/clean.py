"""The fix: the penalty on the hidden activations is an activity regularizer of that layer."""

import numpy as np
import tensorflow as tf
import keras

inputs = keras.Input((6,))
hidden = keras.layers.Dense(8, activation="relu", activity_regularizer=keras.regularizers.L2(0.01))(
    inputs
)
outputs = keras.layers.Dense(1)(hidden)
model = keras.Model(inputs, outputs)


def mse_loss(y_true, y_pred):
    return tf.reduce_mean(tf.square(y_true - y_pred))


model.compile(optimizer="adam", loss=mse_loss)
model.fit(np.ones((8, 6)), np.ones((8, 1)), epochs=1, verbose=0)
