# SOURCE: https://github.com/keras-team/keras/issues/16998
# SYMPTOM: raises NotImplementedError
# DESCRIPTION: a custom objective scores the predictions with an F1 helper written for NumPy arrays, in the style of a scikit-learn metric, but fit calls the objective with symbolic tensors that NumPy cannot convert
"""A binary classifier trained against one minus a soft F1 score."""

import numpy as np
import keras
import tensorflow as tf


def f1_score(y_true, y_prob):
    y_true, y_prob = np.asarray(y_true), np.asarray(y_prob)
    tp = (y_true * y_prob).sum()
    return 2 * tp / (y_true.sum() + y_prob.sum() + 1e-7)


def f1_objective(y_true, y_pred):
    return 1.0 - tf.cast(f1_score(y_true, y_pred), tf.float32)  # EXPECT: graph-incompatible/numpy-utility-on-graph-tensor


model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(1, activation="sigmoid")])
model.compile(optimizer="adam", loss=f1_objective)
rng = np.random.default_rng(0)
x = rng.standard_normal((16, 4)).astype("float32")
model.fit(x, (x[:, :1] > 0).astype("float32"), epochs=1, verbose=0)
print("trained")
