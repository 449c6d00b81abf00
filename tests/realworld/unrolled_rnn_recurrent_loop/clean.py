"""The fix: loop over tf.range(len(...)) so the rollout is one while loop."""

import tensorflow as tf

HORIZONS = list(range(40))
dynamics = tf.Variable(tf.eye(2) * 0.9)


@tf.function
def unroll(state):
    for _ in tf.range(len(HORIZONS)):
        state = tf.matmul(state, dynamics) + 0.1
    return state


graph = unroll.get_concrete_function(tf.TensorSpec([1, 2])).graph
print("nodes", len(graph.as_graph_def().node))
