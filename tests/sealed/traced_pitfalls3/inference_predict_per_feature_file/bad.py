# SOURCE: https://github.com/scope-ml/scope-ml/pull/187
# SYMPTOM: traces >= 6
# DESCRIPTION: an inference script for a light-curve classifier loops over feature files and calls the model's predict method on each file's table, whose row count differs from file to file, so predict keeps retracing and the run slows, grows in memory and eventually stalls
"""Classifying the sources of several feature files in turn."""

import numpy as np
import tensorflow as tf

model = tf.keras.Sequential(
    [tf.keras.Input((12,)), tf.keras.layers.Dense(16, activation="relu"), tf.keras.layers.Dense(1, activation="sigmoid")]
)

feature_files = [np.random.rand(37 + 11 * i, 12).astype("float32") for i in range(6)]
n_positive = 0
for features in feature_files:
    preds = model.predict(features, verbose=0)  # EXPECT: retracing/keras-predict-called-per-item-in-loop
    n_positive += int((preds > 0.5).sum())
print("files", len(feature_files))
