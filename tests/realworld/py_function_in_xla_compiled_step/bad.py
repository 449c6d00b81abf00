# SOURCE: https://github.com/tensorflow/tensorflow/issues/51493
# SYMPTOM: raises InvalidArgumentError
"""A point-cloud network's XLA-compiled step finds neighbours with NumPy through
tf.py_function; XLA has no kernel for the Python callback."""

import numpy as np
import tensorflow as tf


def knn_search(points, queries, k):
    distances = np.sum((queries[:, None, :] - points[None, :, :]) ** 2, axis=-1)
    return np.argsort(distances, axis=-1)[:, :k].astype(np.int32)


def neighbours(points, k):
    return tf.py_function(  # EXPECT: TF881
        lambda p: knn_search(p.numpy(), p.numpy(), k), [points], tf.int32
    )


@tf.function(jit_compile=True)
def train(xyz, color):
    idx = neighbours(xyz, 4)
    pooled = tf.reduce_mean(tf.gather(color, idx), axis=1)
    return tf.reduce_sum(pooled)


print("loss", train(tf.random.uniform([16, 3]), tf.random.uniform([16, 3])))
