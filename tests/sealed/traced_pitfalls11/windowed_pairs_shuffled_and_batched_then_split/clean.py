"""The fix: turn every window into tensors with flat_map (batching each component by the
window length) before shuffling and batching, so each batch holds [batch, 2, ...] tensors
that can be split along the window axis."""

import numpy as np
import tensorflow as tf

batch_size = 8
rng = np.random.default_rng(0)
x = rng.normal(size=(64, 4)).astype("float32")
y = rng.normal(size=(64, 2)).astype("float32")
tr_s = len(x)

windows = tf.data.Dataset.from_tensor_slices((x, y)).window(2, 1, True)
windows = windows.flat_map(lambda wx, wy: tf.data.Dataset.zip((wx.batch(2), wy.batch(2))))
train_dataset = windows.shuffle(buffer_size=tr_s).batch(batch_size)

for x_batch in train_dataset.take(1):
    a, b = x_batch
    c, d = tf.split(a, num_or_size_splits=2, axis=1)
    print("[split]", c.shape, d.shape)
