# SOURCE: https://github.com/tensorflow/tensorflow/issues/58433
# SYMPTOM: raises OperatorNotAllowedInGraphError
"""A per-replica seed set with tf.random.set_seed from a tensor inside the traced function."""

import tensorflow as tf


@tf.function
def f(seed):
    tf.random.set_seed(seed)  # EXPECT: side-effect/seed-in-traced-code
    return tf.random.normal((2, 3))


f(tf.constant(1))
