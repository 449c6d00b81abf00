"""The loop runs over tf.range: AutoGraph builds one tf.while_loop."""

import tensorflow as tf


@tf.function
def euler(y, dt, n_steps):
    for _ in tf.range(n_steps):
        y = y + dt * (-y)
    return y


euler(tf.constant(1.0), 0.01, 500)
graph = euler.get_concrete_function(tf.TensorSpec([]), 0.01, 500).graph
print("nodes", len(graph.as_graph_def().node))
