"""The fix: the helper is a module-level tf.function, traced once."""

import tensorflow as tf


@tf.function
def slice_driving(frames, i):
    return frames[i]


def animate(driving):
    return slice_driving(driving, tf.constant(0))


for _ in range(6):
    animate(tf.ones([3, 4]))
