import numpy as np
import tensorflow as tf

rng = np.random.default_rng(19)
grid = tf.constant(rng.integers(0, 13, size=(5, 2)))
offsets = tf.constant(rng.random((5, 2)), tf.float32)


def decode_centers(cells, deltas, stride=32):
    centers = (tf.cast(cells, tf.float32) + deltas) * stride
    return tf.cast(tf.round(centers), tf.int32)


print("box centers", decode_centers(grid, offsets).numpy().tolist())
