# SOURCE: https://github.com/tensorflow/tensorflow/issues/56560
# SYMPTOM: raises ValueError
# DESCRIPTION: a tf.function branches on tf.size of a tensor's shape to decide whether the shape may be indexed; AutoGraph traces both branches, and indexing the empty shape of a scalar fails while tracing
"""The size of the innermost dimension, or 1 for a scalar."""

import tensorflow as tf


def inner_dim(x):
    shape = tf.shape(x)
    if tf.size(shape) > 0:  # EXPECT: graph-incompatible/tensor-condition-guards-static-indexing
        return shape[-1]
    else:
        return tf.ones((), dtype=shape.dtype)


compiled_inner_dim = tf.function(inner_dim)
print("[dim]", int(compiled_inner_dim(tf.ones((2,)))))
print("[dim]", int(compiled_inner_dim(tf.ones(()))))
