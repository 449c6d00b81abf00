# SOURCE: https://github.com/lichess-org/kaladin/issues/2
# SYMPTOM: traces >= 12
# DESCRIPTION: a service scores each user's game history with the model's predict method, one call per user on inputs of different lengths, so every call builds a new input pipeline and retraces, and the log fills with retracing warnings for each user
"""Scoring the move-time sequences of several users, one predict call per user."""

import numpy as np
import tensorflow as tf

inputs = tf.keras.Input((None, 2))
x = tf.keras.layers.GRU(4)(inputs)
model = tf.keras.Model(inputs, tf.keras.layers.Dense(1, activation="sigmoid")(x))

users = {f"user{i}": np.random.rand(1, 10 + 3 * i, 2).astype("float32") for i in range(6)}
scores = {}
for name, history in users.items():
    scores[name] = float(model.predict(history, verbose=0)[0, 0])  # EXPECT: retracing/keras-predict-called-per-item-in-loop
print("scored", len(scores))
