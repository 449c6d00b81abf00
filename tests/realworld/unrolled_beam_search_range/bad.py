# SOURCE: https://github.com/tensorflow/tensorflow/issues/38628
# SYMPTOM: number "nodes" >= 100
"""A beam-search loop over a Python range unrolls into the graph, one copy per step."""

import tensorflow as tf

MAX_STEPS = 40
cell = tf.Variable(tf.eye(4))


@tf.function
def decode(state):
    for _ in range(MAX_STEPS):  # EXPECT: TF701
        state = tf.tanh(tf.matmul(state, cell))
    return state


graph = decode.get_concrete_function(tf.TensorSpec([1, 4])).graph
print("nodes", len(graph.as_graph_def().node))
