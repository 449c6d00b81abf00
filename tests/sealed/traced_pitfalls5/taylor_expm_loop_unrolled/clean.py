"""The fix: the terms are summed in a loop over a tensor range, which stays one graph loop."""

import tensorflow as tf

TERMS = 40


@tf.function
def expm(a):
    result = tf.eye(tf.shape(a)[0])
    term = tf.eye(tf.shape(a)[0])
    for k in tf.range(1, TERMS):
        term = tf.matmul(term, a) / tf.cast(k, tf.float32)
        result = result + term
    return result


a = tf.constant([[0.0, 1.0], [-1.0, 0.0]])
print("expm", expm(a).numpy().round(4).tolist())
print("ops", len(expm.get_concrete_function(a).graph.get_operations()))
