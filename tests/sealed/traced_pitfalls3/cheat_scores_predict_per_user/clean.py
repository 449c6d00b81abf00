"""The fix: one traced scoring function whose signature accepts any sequence length."""

import numpy as np
import tensorflow as tf

inputs = tf.keras.Input((None, 2))
x = tf.keras.layers.GRU(4)(inputs)
model = tf.keras.Model(inputs, tf.keras.layers.Dense(1, activation="sigmoid")(x))


@tf.function(input_signature=[tf.TensorSpec([None, None, 2], tf.float32)])
def score(history):
    return model(history, training=False)


users = {f"user{i}": np.random.rand(1, 10 + 3 * i, 2).astype("float32") for i in range(6)}
scores = {}
for name, history in users.items():
    scores[name] = float(score(history)[0, 0])
print("scored", len(scores))
