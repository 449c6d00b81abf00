"""The fix: flatten each window (a pair of small datasets) into one tensor pair with
flat_map and batch(window_size) before batching the windows for training."""

import numpy as np
import tensorflow as tf

rng = np.random.default_rng(0)
readings = rng.normal(size=(200, 3)).astype("float32")
targets = readings.sum(axis=1, keepdims=True)

source_data = tf.data.Dataset.from_tensor_slices((readings, targets))
windows = source_data.window(5, 1, 1, True)
windows = windows.flat_map(lambda x, y: tf.data.Dataset.zip((x.batch(5), y.batch(5))))
train_data = windows.batch(10, True)

model = tf.keras.Sequential([tf.keras.Input(shape=(5, 3)), tf.keras.layers.Dense(1)])
model.compile(optimizer="adam", loss="mse")
history = model.fit(train_data, epochs=1, verbose=0)
print("[loss]", round(history.history["loss"][-1], 4))
