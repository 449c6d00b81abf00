# SOURCE: https://github.com/tensorflow/tensorflow/issues/27143
# SYMPTOM: number "ops" >= 150
# DESCRIPTION: a compiled matrix exponential sums its Taylor series with a Python loop over a fixed number of terms, so tracing unrolls every term into the graph, which grows with the number of terms and is slow to build
"""Matrix exponential by a truncated Taylor series."""

import tensorflow as tf

TERMS = 40


@tf.function
def expm(a):
    result = tf.eye(tf.shape(a)[0])
    term = tf.eye(tf.shape(a)[0])
    for k in range(1, TERMS):  # EXPECT: graph-bloat/python-loop-unrolled-in-traced-code
        term = tf.matmul(term, a) / float(k)
        result = result + term
    return result


a = tf.constant([[0.0, 1.0], [-1.0, 0.0]])
print("expm", expm(a).numpy().round(4).tolist())
print("ops", len(expm.get_concrete_function(a).graph.get_operations()))
