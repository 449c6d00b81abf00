# SOURCE: https://github.com/wooden-spoon/relational-ERM/pull/3
# SYMPTOM: number "graph bytes" >= 1000000
# DESCRIPTION: a traced sampling function reads a large module-level NumPy array, which tracing copies into the graph as a constant, making the graph huge and slow to build
"""Sampling edges of a graph dataset held in a NumPy array."""

import numpy as np
import tensorflow as tf

EDGES = np.random.randint(0, 1000, size=(200_000, 2)).astype(np.int32)


@tf.function
def sample_edges(batch_size):
    index = tf.random.uniform([batch_size], 0, EDGES.shape[0], dtype=tf.int32)
    return tf.gather(EDGES, index)  # EXPECT: graph-bloat/numpy-array-embedded-as-constant


batch = sample_edges(tf.constant(32))
graph = sample_edges.get_concrete_function(tf.constant(32)).graph
print("batch", batch.shape)
print("graph bytes", graph.as_graph_def().ByteSize())
