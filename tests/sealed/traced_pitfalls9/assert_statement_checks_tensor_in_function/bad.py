# SOURCE: https://github.com/tensorflow/tensorflow/issues/34715
# SYMPTOM: raises OperatorNotAllowedInGraphError
# DESCRIPTION: a tf.function checks a tensor condition with a Python assert statement, which needs the tensor as a Python bool while the function is traced
"""Input validation inside a compiled step."""

import tensorflow as tf


@tf.function
def normalise(x):
    assert tf.reduce_all(x >= 0.0), "inputs must be non-negative"  # EXPECT: graph-incompatible/python-assert-on-tensor
    return x / tf.reduce_sum(x)


print("[result]", normalise(tf.constant([1.0, 2.0, 3.0])).numpy())
