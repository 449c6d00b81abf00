# SOURCE: https://github.com/tensorflow/tensorflow/issues/43710
# SYMPTOM: traces >= 5
# DESCRIPTION: a batched per-example computation calls tf.vectorized_map eagerly on each batch in a Python loop, and each eager call builds and traces a new vectorized function, so the work is retraced for every batch with retracing warnings
"""Per-example squared norms of each batch, vectorized."""

import tensorflow as tf


def squared_norm(row):
    return tf.reduce_sum(row * row)


norms = []
for step in range(6):
    batch = tf.random.uniform((4, 3))
    norms.append(tf.vectorized_map(squared_norm, batch))  # EXPECT: retracing/tf-function-defined-per-call
print("norms", len(norms))
