"""The fix from the thread: the backend's random sampler draws each step."""

import tensorflow as tf


@tf.function
def fractal_block(x):
    path = tf.random.uniform([], 0, 4, dtype=tf.int32)
    return x + tf.cast(path, tf.float32)


for _ in range(6):
    print("path", float(fractal_block(tf.constant(0.0))))
