# SOURCE: https://github.com/tensorflow/tensorflow/issues/26807
# SYMPTOM: number "nodes" >= 100
"""A Taylor-series matrix exponential with a Python `while` on a Python counter: unrolled."""

import tensorflow as tf


@tf.function
def expm(a):
    result = tf.eye(3)
    term = tf.eye(3)
    k = 1
    while k < 30:  # EXPECT: TF703
        term = tf.matmul(term, a) / k
        result += term
        k += 1
    return result


graph = expm.get_concrete_function(tf.TensorSpec([3, 3])).graph
print("nodes", len(graph.as_graph_def().node))
