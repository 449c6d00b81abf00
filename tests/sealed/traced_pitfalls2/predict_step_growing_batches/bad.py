# SOURCE: https://github.com/tensorflow/tensorflow/issues/34907
# SYMPTOM: traces >= 10
# DESCRIPTION: a traced prediction step is called with batches of a different size each time, and since the function was traced for fixed shapes it is traced again for every new batch size
"""Scoring requests that arrive in batches of varying size."""

import numpy as np
import tensorflow as tf

model = tf.keras.Sequential([tf.keras.Input((1,)), tf.keras.layers.Dense(1)])


@tf.function
def predict_step(batch):
    return model(batch, training=False)


for size in range(1, 20):
    scores = predict_step(np.ones([size, 1], "float32"))  # EXPECT: retracing/shape-varies-between-calls
print("last", scores.shape)
