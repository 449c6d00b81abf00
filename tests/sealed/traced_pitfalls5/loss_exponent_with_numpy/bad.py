# SOURCE: https://github.com/tensorflow/tensorflow/issues/36792
# SYMPTOM: raises NotImplementedError
# DESCRIPTION: a custom exponential loss mixes a NumPy exponential into the loss computed from the model's prediction, which fit traces, so NumPy receives a symbolic tensor it cannot convert
"""A count regression trained with an exponential (Poisson-like) loss."""

import numpy as np
import keras
import tensorflow as tf


def exp_loss(y_true, y_pred):
    rate = np.exp(-y_pred)  # EXPECT: graph-incompatible/numpy-on-graph-tensor
    return tf.reduce_mean(rate * y_true + y_pred)


model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
model.compile(optimizer="adam", loss=exp_loss)
x = np.random.default_rng(0).standard_normal((16, 3)).astype("float32")
model.fit(x, np.abs(x[:, :1]), epochs=1, verbose=0)
print("trained")
