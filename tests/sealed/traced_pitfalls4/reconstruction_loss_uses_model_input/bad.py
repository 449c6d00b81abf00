# SOURCE: https://github.com/tensorflow/tensorflow/issues/50678
# SYMPTOM: raises ValueError
# DESCRIPTION: a custom loss closes over the functional model's symbolic Input tensor to add a reconstruction term, so fit's traced step receives a Keras placeholder from model construction instead of the batch, and the loss cannot be computed
"""An autoencoder-style regressor whose loss also penalizes distance from the input."""

import numpy as np
import tensorflow as tf

inp = tf.keras.Input((4,))
out = tf.keras.layers.Dense(4)(inp)
model = tf.keras.Model(inp, out)


def recon_loss(y_true, y_pred):
    reconstruction = tf.reduce_mean(tf.square(y_pred - inp), axis=-1)  # EXPECT: leaked-tensor/keras-symbolic-tensor-captured-in-loss
    return reconstruction + tf.reduce_mean(tf.square(y_true - y_pred), axis=-1)


model.compile(optimizer="adam", loss=recon_loss)
model.fit(np.random.rand(8, 4), np.random.rand(8, 4), verbose=0)
print("trained")
