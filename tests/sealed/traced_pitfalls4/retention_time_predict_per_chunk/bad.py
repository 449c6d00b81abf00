# SOURCE: https://github.com/CompOmics/DeepLC/pull/60
# SYMPTOM: traces >= 6
# DESCRIPTION: a retention-time predictor splits its peptide feature matrix into chunks and calls the model's predict method once per chunk in a Python loop, so predict sets up and traces its function for every chunk and memory keeps growing
"""Predicting retention times for peptides in chunks."""

import numpy as np
import tensorflow as tf

inputs = tf.keras.Input((12,))
hidden = tf.keras.layers.Dense(16, activation="relu")(inputs)
model = tf.keras.Model(inputs, tf.keras.layers.Dense(1)(hidden))

features = np.random.rand(60, 12).astype("float32")
predictions = []
for chunk in np.array_split(features, 6):
    predictions.append(model.predict(chunk, verbose=0))  # EXPECT: retracing/keras-predict-called-per-item-in-loop
print("predicted", np.concatenate(predictions).shape)
