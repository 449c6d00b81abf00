"""The fix from the issue: make the generator produce a fixed batch size (pad the last batch)."""

import numpy as np
import tensorflow as tf

model = tf.keras.Sequential([tf.keras.Input((16, 8)), tf.keras.layers.Flatten(), tf.keras.layers.Dense(1)])


def batches(n, batch_size=8):
    data = np.random.rand(n, 16, 8).astype("float32")
    for start in range(0, n, batch_size):
        batch = data[start : start + batch_size]
        pad = batch_size - len(batch)
        yield np.concatenate([batch, np.zeros((pad, 16, 8), "float32")]), len(batch)


predictions = []
for batch, valid in batches(21):
    predictions.append(model.predict_on_batch(batch)[:valid])
print("predicted", sum(len(p) for p in predictions))
