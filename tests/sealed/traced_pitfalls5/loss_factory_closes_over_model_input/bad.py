# SOURCE: https://github.com/tensorflow/tensorflow/issues/32142
# SYMPTOM: raises ValueError
# DESCRIPTION: a loss built by a factory takes the model's symbolic input as an extra argument and uses it inside the loss, but the symbolic input has no value when fit runs the loss
"""A regression whose loss is scaled by the size of each input sequence."""

import numpy as np
import keras
import tensorflow as tf


def scaled_mse(inputs):
    def loss(y_true, y_pred):
        scale = tf.reduce_sum(tf.abs(inputs), axis=[1, 2])  # EXPECT: leaked-tensor/keras-symbolic-tensor-captured-in-loss
        return tf.reduce_mean(scale * tf.square(y_true[:, 0] - y_pred[:, 0]))

    return loss


inputs = keras.Input((4, 1))
hidden = keras.layers.Flatten()(inputs)
outputs = keras.layers.Dense(1)(hidden)
model = keras.Model(inputs, outputs)
model.compile(optimizer="adam", loss=scaled_mse(inputs))
x = np.random.default_rng(0).standard_normal((8, 4, 1)).astype("float32")
model.fit(x, x.sum(axis=1), epochs=1, verbose=0)
print("trained")
