"""The fix: a tensor counter makes AutoGraph emit one tf.while_loop."""

import tensorflow as tf


@tf.function
def expm(a):
    result = tf.eye(3)
    term = tf.eye(3)
    k = tf.constant(1.0)
    while k < 30.0:
        term = tf.matmul(term, a) / k
        result += term
        k += 1.0
    return result


graph = expm.get_concrete_function(tf.TensorSpec([3, 3])).graph
print("nodes", len(graph.as_graph_def().node))
