# SOURCE: https://github.com/tensorflow/tensorflow/issues/30768
# SYMPTOM: raises TypeError
# DESCRIPTION: a traced function updates a global tf.Variable with "v = v + x", which rebinds the global name to a graph tensor instead of updating the variable, so the next trace reads a tensor from a dead graph
"""Accumulates values into a global variable from a compiled function."""

import tensorflow as tf

v = tf.Variable(0.0)


@tf.function
def f(x):
    global v
    v = v + x  # EXPECT: graph-incompatible/variable-rebound-to-tensor-in-traced-code|leaked-tensor/tensor-stored-in-global
    return v


print("total", float(f(42.0)))
print("total", float(f(1.0)))
