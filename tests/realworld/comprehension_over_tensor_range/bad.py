# SOURCE: https://github.com/tensorflow/tensorflow/issues/40768
# SYMPTOM: raises OperatorNotAllowedInGraphError
"""The batch size from tf.shape sizes a list comprehension: AutoGraph casts `int()` to a tensor
but does not convert comprehensions, so `range()` of that tensor is iterated in Python."""

import tensorflow as tf


@tf.function
def to_document(sentences):
    n = int(tf.shape(sentences)[0])
    return tf.add_n([sentences[i] for i in range(n)])  # EXPECT: graph-incompatible/comprehension-over-tensor


to_document(tf.ones([3, 4]))
