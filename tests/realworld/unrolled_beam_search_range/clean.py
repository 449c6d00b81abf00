"""The fix from the thread: iterate over tf.range so AutoGraph builds a tf.while_loop."""

import tensorflow as tf

MAX_STEPS = 40
cell = tf.Variable(tf.eye(4))


@tf.function
def decode(state):
    for _ in tf.range(MAX_STEPS):
        state = tf.tanh(tf.matmul(state, cell))
    return state


graph = decode.get_concrete_function(tf.TensorSpec([1, 4])).graph
print("nodes", len(graph.as_graph_def().node))
