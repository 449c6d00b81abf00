# SOURCE: https://github.com/keras-team/keras/issues/14442
# SYMPTOM: raises AttributeError
"""A NaN-skipping loss reads the NaN count with K.get_value to choose a branch."""

import numpy as np
import tensorflow as tf
from tensorflow.keras import backend as K


def mse_without_nan(y_true, y_pred):
    sqr = K.square(y_pred - y_true)
    num_nan = tf.reduce_sum(tf.cast(tf.math.is_nan(sqr), tf.int32))
    if K.get_value(num_nan) > 0:  # EXPECT: TF801|TF803|TF804
        sqr = tf.where(tf.math.is_nan(sqr), tf.zeros_like(sqr), sqr)
    return K.mean(sqr, axis=-1)


model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(2)])
model.compile(optimizer="adam", loss=mse_without_nan)
y = np.ones((8, 2))
y[0, 0] = np.nan
model.fit(np.ones((8, 3)), y, epochs=1, verbose=0)
