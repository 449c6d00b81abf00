"""The fix: tf.contrib is gone in TF2; the contrib data helpers became core Dataset
methods (shuffle(...).repeat(...), batch(...))."""

import numpy as np
import tensorflow as tf

features = np.random.default_rng(0).normal(size=(64, 8)).astype("float32")
labels = (features.sum(axis=1) > 0).astype("int64")

dataset = tf.data.Dataset.from_tensor_slices((features, labels))
dataset = dataset.shuffle(buffer_size=64).repeat(2)
dataset = dataset.batch(16)
print("[batches]", sum(1 for _ in dataset))
