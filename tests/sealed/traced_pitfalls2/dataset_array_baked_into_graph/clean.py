"""The fix: turn the array into a tensor once, outside; the traced function captures it by reference."""

import numpy as np
import tensorflow as tf

EDGES = tf.constant(np.random.randint(0, 1000, size=(200_000, 2)).astype(np.int32))


@tf.function
def sample_edges(batch_size):
    index = tf.random.uniform([batch_size], 0, EDGES.shape[0], dtype=tf.int32)
    return tf.gather(EDGES, index)


batch = sample_edges(tf.constant(32))
graph = sample_edges.get_concrete_function(tf.constant(32)).graph
print("batch", batch.shape)
print("graph bytes", graph.as_graph_def().ByteSize())
