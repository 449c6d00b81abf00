# SOURCE: https://github.com/tensorflow/tensorflow/issues/32546
# SYMPTOM: raises OperatorNotAllowedInGraphError
# DESCRIPTION: a list comprehension with a conditional expression walks the elements of a tensor argument inside a traced function, which graph tensors do not allow
"""Squaring the positive entries of a score vector, as in the AutoGraph tutorial."""

import tensorflow as tf


@tf.function
def square_if_positive(scores):
    return [s**2 if s > 0 else s for s in scores]  # EXPECT: graph-incompatible/tensor-iterated-in-comprehension


print("squared", square_if_positive(tf.range(-5, 5)))
