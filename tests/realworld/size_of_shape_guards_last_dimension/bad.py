# SOURCE: https://github.com/tensorflow/tensorflow/issues/56560
# SYMPTOM: raises ValueError
"""The size of a tensor's shape decides whether its last dimension may be read; traced, both
branches are built, and the scalar's empty shape is indexed."""

import tensorflow as tf


def inner_dim(x):
    shape = tf.shape(x)
    if tf.size(shape) > 0:  # EXPECT: TF879
        return shape[-1]
    else:
        return tf.ones((), dtype=shape.dtype)


compiled_inner_dim = tf.function(inner_dim)

print("vector", compiled_inner_dim(tf.ones((2,))))
print("scalar", compiled_inner_dim(tf.ones(())))
