"""The fix: loop over tf.range so AutoGraph builds one while loop."""

import tensorflow as tf

PERIODS = 400


@tf.function
def compound(balance, rate):
    for _ in tf.range(PERIODS):
        balance = balance * (1.0 + rate)
    return balance


graph = compound.get_concrete_function(tf.constant(100.0), tf.constant(0.01)).graph
print("final", float(compound(tf.constant(100.0), tf.constant(0.01))))
print("graph nodes", len(graph.as_graph_def().node))
