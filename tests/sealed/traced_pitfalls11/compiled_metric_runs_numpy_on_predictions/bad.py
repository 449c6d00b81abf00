# SOURCE: https://github.com/keras-team/keras-tuner/issues/263
# SYMPTOM: raises NotImplementedError
# DESCRIPTION: a custom metric passed to compile() checks np.isnan(y_pred) and computes a median absolute error with NumPy; Keras traces metrics into the training graph, where y_pred is a symbolic tensor NumPy cannot convert
"""Track a median-absolute-error metric while fitting an LSTM regressor."""

import numpy as np
from tensorflow import keras


def median_absolute_error(y_true, y_pred):
    return np.median(np.abs(y_true - y_pred))


def CustomVariousHT(y_true, y_pred):
    if np.isnan(y_pred).any():  # EXPECT: graph-incompatible/numpy-call-in-compiled-metric
        MAD = 1000000
    else:
        MAD = median_absolute_error(y_true, y_pred)
        print(MAD)
    return MAD


X_train = np.random.rand(32, 5, 3).astype(np.float32)
y_train = np.random.rand(32, 1).astype(np.float32)
model = keras.Sequential([keras.Input((5, 3)), keras.layers.LSTM(8), keras.layers.Dense(1)])
model.compile(optimizer=keras.optimizers.Adam(1e-3), loss="mae", metrics=[CustomVariousHT])
model.fit(X_train, y_train, epochs=1, batch_size=8, verbose=0)
print("[fit] done")
