# SOURCE: https://github.com/keras-team/keras/issues/6050
# SYMPTOM: raises ValueError
# DESCRIPTION: a metric function passed to compile wraps a stateful metric by constructing the metric object in its own body, so the metric's variables are created inside the traced training step
"""Reporting AUC during training through a plain metric function."""

import numpy as np
import tensorflow as tf


def auc(y_true, y_pred):
    metric = tf.keras.metrics.AUC()  # EXPECT: variable-creation/metric-built-in-traced-code
    metric.update_state(y_true, y_pred)
    return metric.result()


model = tf.keras.Sequential([tf.keras.Input((5,)), tf.keras.layers.Dense(1, activation="sigmoid")])
model.compile(optimizer="adam", loss="binary_crossentropy", metrics=[auc])
x = np.random.rand(32, 5).astype("float32")
y = np.random.randint(0, 2, (32, 1)).astype("float32")
history = model.fit(x, y, batch_size=8, epochs=2, verbose=0)
print("auc", history.history["auc"])
