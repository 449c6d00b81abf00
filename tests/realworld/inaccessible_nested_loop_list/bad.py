# SOURCE: https://github.com/tensorflow/tensorflow/issues/47139
# SYMPTOM: raises InaccessibleTensorError
"""Pairwise similarities appended to a list from nested loops over tensors."""

import tensorflow as tf


@tf.function
def func():
    A = tf.constant([[1.0, 1.0, 1.0], [1.0, 3.0, 1.0]])
    B = tf.constant([[1.0, 1.0, 1.0]])
    S = []
    for b in B:
        for a in A:
            S.append(-tf.reduce_sum(a * b))  # EXPECT: TF302
    return tf.stack(S)


func()
