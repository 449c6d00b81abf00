# SOURCE: https://github.com/tensorflow/tensorflow/issues/40236
# SYMPTOM: raises ModuleNotFoundError
# DESCRIPTION: a training script written for TF1 imports the contrib data helpers (from tensorflow.contrib import data as tf_data) to shuffle, repeat and batch its records; tensorflow.contrib was removed in TF2, so the script fails at import under TF 2.x
"""Input pipeline for a small training run."""

import numpy as np
import tensorflow as tf
from tensorflow.contrib import data as tf_data  # EXPECT: tf1-api/tf-contrib-import

features = np.random.default_rng(0).normal(size=(64, 8)).astype("float32")
labels = (features.sum(axis=1) > 0).astype("int64")

dataset = tf.data.Dataset.from_tensor_slices((features, labels))
dataset = dataset.apply(tf_data.shuffle_and_repeat(buffer_size=64, count=2))
dataset = dataset.batch(16)
print("[batches]", sum(1 for _ in dataset))
