# SOURCE: https://www.tensorflow.org/guide/function
# SYMPTOM: number "nodes" >= 1000
"""A fixed-step solver in a tf.function loops over a Python range whose bound the caller passes."""

import tensorflow as tf


@tf.function
def euler(y, dt, n_steps):
    for _ in range(n_steps):  # EXPECT: TF701
        y = y + dt * (-y)
    return y


euler(tf.constant(1.0), 0.01, 500)
graph = euler.get_concrete_function(tf.TensorSpec([]), 0.01, 500).graph
print("nodes", len(graph.as_graph_def().node))
