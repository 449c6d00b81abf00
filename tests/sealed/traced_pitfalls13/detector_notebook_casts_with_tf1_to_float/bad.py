# SOURCE: https://github.com/moelgendy/deep_learning_for_vision_systems/issues/8
# SYMPTOM: raises AttributeError
# DESCRIPTION: a detection notebook from a vision textbook converts grid-cell indices to floats with tf.to_float, which TensorFlow 2 removed (tf.cast replaces it)
import numpy as np
import tensorflow as tf

rng = np.random.default_rng(19)
grid = tf.constant(rng.integers(0, 13, size=(5, 2)))
offsets = tf.constant(rng.random((5, 2)), tf.float32)


def decode_centers(cells, deltas, stride=32):
    centers = (tf.to_float(cells) + deltas) * stride  # EXPECT: tf1-api/to-float
    return tf.cast(tf.round(centers), tf.int32)


print("box centers", decode_centers(grid, offsets).numpy().tolist())
