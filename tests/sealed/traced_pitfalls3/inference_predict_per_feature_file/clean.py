"""The fix the project adopted: call the model directly (training=False) instead of predict in the loop."""

import numpy as np
import tensorflow as tf

model = tf.keras.Sequential(
    [tf.keras.Input((12,)), tf.keras.layers.Dense(16, activation="relu"), tf.keras.layers.Dense(1, activation="sigmoid")]
)

feature_files = [np.random.rand(37 + 11 * i, 12).astype("float32") for i in range(6)]
n_positive = 0
for features in feature_files:
    preds = model(features, training=False).numpy()
    n_positive += int((preds > 0.5).sum())
print("files", len(feature_files))
