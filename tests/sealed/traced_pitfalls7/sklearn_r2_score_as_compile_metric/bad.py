# SOURCE: https://github.com/keras-team/keras/issues/10989
# SYMPTOM: raises NotImplementedError
# DESCRIPTION: a scikit-learn scoring function is given to compile as a metric; fit calls it on symbolic tensors inside the traced train step, where a NumPy-based function has no values to work on
"""A regression model that reports R squared while training."""

import numpy as np
import keras


def r2_score(y_true, y_pred):
    """scikit-learn's r2_score, in NumPy (scikit-learn itself is not installed here)."""
    y_true = np.asarray(y_true)
    y_pred = np.asarray(y_pred)
    ss_res = np.sum((y_true - y_pred) ** 2)
    ss_tot = np.sum((y_true - np.mean(y_true)) ** 2)
    return 1.0 - ss_res / ss_tot


model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(8, activation="relu"), keras.layers.Dense(1)])
model.compile(
    loss="mean_squared_error",
    optimizer="adam",
    metrics=[r2_score],  # EXPECT: graph-incompatible/numpy-on-graph-tensor
)
rng = np.random.default_rng(0)
x = rng.random((32, 4)).astype("float32")
y = x.sum(axis=1, keepdims=True)
history = model.fit(x, y, epochs=1, verbose=0)
print("loss", history.history["loss"][-1])
