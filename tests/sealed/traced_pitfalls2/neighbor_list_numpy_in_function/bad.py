# SOURCE: https://github.com/tensorflow/tensorflow/issues/27491
# SYMPTOM: raises NotImplementedError
# DESCRIPTION: a function decorated for graph execution reads the NumPy value of a variable argument to build a list with Python loops, which is not available while the function is traced
"""Building a neighbour list of particles for a molecular simulation."""

import numpy as np
import tensorflow as tf


@tf.function
def neighborlist(positions, cutoff=0.5):
    pos = positions.numpy()  # EXPECT: graph-incompatible/numpy-on-graph-tensor
    pairs = []
    for i in range(len(pos)):
        for j in range(i + 1, len(pos)):
            if np.linalg.norm(pos[i] - pos[j]) < cutoff:
                pairs.append((i, j))
    return tf.constant(pairs, dtype=tf.int32)


positions = tf.Variable(tf.random.uniform(shape=[4, 3]))
print("pairs", neighborlist(positions))
