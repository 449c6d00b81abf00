# SOURCE: https://www.tensorflow.org/guide/function
# SYMPTOM: number "nodes" >= 1000
"""A soft histogram: one Gaussian term per value and per bin, in two nested Python loops that
tracing unrolls, so the graph holds VALUES * BINS copies of the term."""

import tensorflow as tf

VALUES = 32
BINS = 16


@tf.function
def soft_histogram(values, centers):
    counts = []
    for b in range(BINS):  # EXPECT: TF701
        total = tf.constant(0.0)
        for i in range(VALUES):
            total += tf.exp(-tf.square(values[i] - centers[b]))
        counts.append(total)
    return tf.stack(counts)


values = tf.random.uniform([VALUES])
centers = tf.linspace(0.0, 1.0, BINS)
soft_histogram(values, centers)
graph = soft_histogram.get_concrete_function(values, centers).graph
print("nodes", len(graph.as_graph_def().node))
