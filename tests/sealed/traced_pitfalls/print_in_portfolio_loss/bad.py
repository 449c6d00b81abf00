# SOURCE: https://github.com/caokyhieu/DELAFO-DeEp-Learning-Approach-for-portFolio-Optimization/issues/7
# SYMPTOM: lines "y_true" < 4
# DESCRIPTION: a print of the targets inside a custom Keras loss runs only while fit traces the loss, showing a symbolic tensor once instead of values for every batch
"""A Sharpe-ratio loss for portfolio weights, with a debugging print of the targets."""

import numpy as np
import tensorflow as tf
from tensorflow.keras import backend as K


def sharpe_ratio_loss(y_true, y_pred):
    print("y_true", y_true)  # EXPECT: side-effect/print-in-traced-code
    epsilon = 1e-6
    z = K.sum(y_true * y_pred, axis=1)
    sharpe = K.mean(z) / K.maximum(K.std(z), epsilon)
    return -sharpe


model = tf.keras.Sequential([tf.keras.Input((10,)), tf.keras.layers.Dense(10, activation="softmax")])
model.compile(optimizer="adam", loss=sharpe_ratio_loss)
returns = np.random.randn(32, 10).astype("float32")
model.fit(returns, returns, batch_size=8, epochs=1, verbose=0)
