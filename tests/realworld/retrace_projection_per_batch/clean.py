"""The fix: the projection is an argument of a module-level tf.function."""

import tensorflow as tf


@tf.function
def project(x, projection):
    return tf.matmul(x, projection)


def fused_project(features, projection):
    return project(features, projection)


projection = tf.ones([3, 2])
for _ in range(6):
    fused_project(tf.ones([2, 3]), projection)
