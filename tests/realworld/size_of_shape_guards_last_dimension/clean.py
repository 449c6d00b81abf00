"""The fix: the static rank, which Python decides while tracing, picks one branch per trace."""

import tensorflow as tf


def inner_dim(x):
    if x.shape.rank > 0:
        return tf.shape(x)[-1]
    else:
        return tf.ones((), dtype=tf.int32)


compiled_inner_dim = tf.function(inner_dim)

print("vector", compiled_inner_dim(tf.ones((2,))))
print("scalar", compiled_inner_dim(tf.ones(())))
