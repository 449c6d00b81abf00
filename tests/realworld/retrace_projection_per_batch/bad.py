# SOURCE: https://github.com/sek788432/Waymo-2D-Object-Detection/issues/2
# SYMPTOM: traces >= 5
"""A projection helper is rebuilt as a tf.function for every batch it processes."""

import tensorflow as tf


def fused_project(features, projection):
    @tf.function
    def func(x):  # EXPECT: TF504
        return tf.matmul(x, projection)

    return func(features)


projection = tf.ones([3, 2])
for _ in range(6):
    fused_project(tf.ones([2, 3]), projection)
