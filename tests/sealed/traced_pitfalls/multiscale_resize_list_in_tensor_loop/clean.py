"""The fix: the scales are a fixed Python list, so the loop is a Python loop over three sizes."""

import tensorflow as tf

SCALES = [0.5, 0.75, 1.0]


@tf.function
def pyramid(images):
    size = tf.cast(tf.shape(images)[1:3], tf.float32)
    levels = []
    for scale in SCALES:
        new_size = tf.cast(size * scale, tf.int32)
        levels.append(tf.image.resize(images, new_size))
    return [tf.reduce_mean(level) for level in levels]


images = tf.random.uniform([2, 32, 32, 3])
print("means", [float(m) for m in pyramid(images)])
