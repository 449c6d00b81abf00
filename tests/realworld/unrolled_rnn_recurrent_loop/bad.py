# SOURCE: https://github.com/tensorflow/tensorflow/issues/36557
# SYMPTOM: number "nodes" >= 100
"""A recurrent rollout over a Python list of horizons inside a traced evaluation."""

import tensorflow as tf

HORIZONS = list(range(40))
dynamics = tf.Variable(tf.eye(2) * 0.9)


@tf.function
def unroll(state):
    for _ in HORIZONS:  # EXPECT: TF701
        state = tf.matmul(state, dynamics) + 0.1
    return state


graph = unroll.get_concrete_function(tf.TensorSpec([1, 2])).graph
print("nodes", len(graph.as_graph_def().node))
