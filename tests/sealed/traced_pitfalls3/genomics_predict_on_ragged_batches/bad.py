# SOURCE: https://github.com/grahamgower/genomatnn/issues/13
# SYMPTOM: traces >= 2
# DESCRIPTION: an apply step feeds predict_on_batch with batches from a generator whose sizes vary, so the prediction function is traced again for new batch shapes and warns about retracing
"""Applying a trained classifier to simulated genotype matrices in generator batches."""

import numpy as np
import tensorflow as tf

model = tf.keras.Sequential([tf.keras.Input((16, 8)), tf.keras.layers.Flatten(), tf.keras.layers.Dense(1)])


def batches(n, batch_size=8):
    data = np.random.rand(n, 16, 8).astype("float32")
    for start in range(0, n, batch_size):
        yield data[start : start + batch_size]


predictions = []
for batch in batches(21):
    predictions.append(model.predict_on_batch(batch))  # EXPECT: retracing/shape-varies-between-calls
print("predicted", sum(len(p) for p in predictions))
