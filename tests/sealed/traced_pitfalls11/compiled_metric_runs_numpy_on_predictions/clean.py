"""The fix: write the metric with TensorFlow ops so it can run inside the traced training step."""

import numpy as np
import tensorflow as tf
from tensorflow import keras


def CustomVariousHT(y_true, y_pred):
    absolute_error = tf.reshape(tf.abs(y_true - y_pred), [-1])
    count = tf.shape(absolute_error)[0]
    middle = tf.sort(absolute_error)[count // 2]
    return tf.where(tf.reduce_any(tf.math.is_nan(y_pred)), 1000000.0, middle)


X_train = np.random.rand(32, 5, 3).astype(np.float32)
y_train = np.random.rand(32, 1).astype(np.float32)
model = keras.Sequential([keras.Input((5, 3)), keras.layers.LSTM(8), keras.layers.Dense(1)])
model.compile(optimizer=keras.optimizers.Adam(1e-3), loss="mae", metrics=[CustomVariousHT])
model.fit(X_train, y_train, epochs=1, batch_size=8, verbose=0)
print("[fit] done")
