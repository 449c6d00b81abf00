"""The fix: the neighbour search written in TensorFlow ops, which XLA compiles."""

import tensorflow as tf


def neighbours(points, k):
    distances = tf.reduce_sum((points[:, None, :] - points[None, :, :]) ** 2, axis=-1)
    return tf.math.top_k(-distances, k=k).indices


@tf.function(jit_compile=True)
def train(xyz, color):
    idx = neighbours(xyz, 4)
    pooled = tf.reduce_mean(tf.gather(color, idx), axis=1)
    return tf.reduce_sum(pooled)


print("loss", train(tf.random.uniform([16, 3]), tf.random.uniform([16, 3])))
