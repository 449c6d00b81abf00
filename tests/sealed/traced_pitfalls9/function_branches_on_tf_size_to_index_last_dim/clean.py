"""The fix: decide on the static rank, a Python value known while tracing."""

import tensorflow as tf


def inner_dim(x):
    shape = tf.shape(x)
    if x.shape.rank > 0:
        return shape[-1]
    else:
        return tf.ones((), dtype=shape.dtype)


compiled_inner_dim = tf.function(inner_dim)
print("[dim]", int(compiled_inner_dim(tf.ones((2,)))))
print("[dim]", int(compiled_inner_dim(tf.ones(()))))
