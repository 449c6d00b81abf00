# SOURCE: https://github.com/tensorflow/tensorflow/issues/51084
# SYMPTOM: raises TypeError
# DESCRIPTION: a trajectory-prediction pipeline windows (x, y) pairs with window(2, 1, True), shuffles and batches the windows, then splits each window of a batch into its two steps; the batched elements are nested dataset variants (each window is a dataset), not tensors, so converting and splitting them fails
"""Split each two-step window of a batch into its current and next step."""

import numpy as np
import tensorflow as tf

batch_size = 8
rng = np.random.default_rng(0)
x = rng.normal(size=(64, 4)).astype("float32")
y = rng.normal(size=(64, 2)).astype("float32")
tr_s = len(x)

train_dataset = tf.data.Dataset.from_tensor_slices((x, y)).window(2, 1, True).shuffle(buffer_size=tr_s).batch(batch_size)  # EXPECT: api-misuse/window-datasets-batched-without-flat-map

for x_batch in train_dataset.take(1):
    a, b = x_batch
    c, d = tf.split(list(a), num_or_size_splits=2, axis=0)
    print("[split]", c.shape, d.shape)
