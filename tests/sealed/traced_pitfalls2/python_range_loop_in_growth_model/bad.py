# SOURCE: https://github.com/tensorflow/tensorflow/issues/40708
# SYMPTOM: number "graph nodes" >= 300
# DESCRIPTION: a traced function loops over a Python range, so the loop body is copied into the graph once per iteration instead of becoming one graph loop
"""Compounding a balance over many periods inside a tf.function."""

import tensorflow as tf

PERIODS = 400


@tf.function
def compound(balance, rate):
    for _ in range(PERIODS):  # EXPECT: graph-bloat/python-loop-unrolled-in-traced-code
        balance = balance * (1.0 + rate)
    return balance


graph = compound.get_concrete_function(tf.constant(100.0), tf.constant(0.01)).graph
print("final", float(compound(tf.constant(100.0), tf.constant(0.01))))
print("graph nodes", len(graph.as_graph_def().node))
