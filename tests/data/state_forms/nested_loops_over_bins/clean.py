# SOURCE: https://www.tensorflow.org/guide/function
# SYMPTOM: number "nodes" >= 1000
"""The pairs are broadcast: one set of ops whatever the sizes."""

import tensorflow as tf

VALUES = 32
BINS = 16


@tf.function
def soft_histogram(values, centers):
    distances = values[None, :] - centers[:, None]
    return tf.reduce_sum(tf.exp(-tf.square(distances)), axis=1)


values = tf.random.uniform([VALUES])
centers = tf.linspace(0.0, 1.0, BINS)
soft_histogram(values, centers)
graph = soft_histogram.get_concrete_function(values, centers).graph
print("nodes", len(graph.as_graph_def().node))
