# SOURCE: https://github.com/tensorflow/tensorflow/issues/44046
# SYMPTOM: raises ValueError
# DESCRIPTION: a sensor-sequence pipeline builds sliding windows with Dataset.window(...) and batches them straight away with .batch(...) before model.fit; window() yields a dataset whose elements are themselves datasets, so the batches hold nested dataset variants rather than window tensors and training cannot consume them (the windows must be flattened with flat_map/batch first)
"""Train a small per-step regressor on sliding windows of a sensor stream."""

import numpy as np
import tensorflow as tf

rng = np.random.default_rng(0)
readings = rng.normal(size=(200, 3)).astype("float32")
targets = readings.sum(axis=1, keepdims=True)

source_data = tf.data.Dataset.from_tensor_slices((readings, targets))
train_data = source_data.window(5, 1, 1, True).batch(10, True)  # EXPECT: api-misuse/window-datasets-batched-without-flat-map

model = tf.keras.Sequential([tf.keras.Input(shape=(5, 3)), tf.keras.layers.Dense(1)])
model.compile(optimizer="adam", loss="mse")
history = model.fit(train_data, epochs=1, verbose=0)
print("[loss]", round(history.history["loss"][-1], 4))
