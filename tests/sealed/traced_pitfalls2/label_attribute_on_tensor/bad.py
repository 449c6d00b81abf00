# SOURCE: https://github.com/tensorflow/tensorflow/issues/34270
# SYMPTOM: raises AttributeError
# DESCRIPTION: extra Python attributes attached to a tensor object are read inside a traced function, but tracing replaces the argument with a placeholder tensor that does not carry them
"""Tagging tensors with a label attribute and naming ops after it in a tf.function."""

import tensorflow as tf


@tf.function
def named_identity(tensor):
    return tf.identity(tensor, name=tensor.label)  # EXPECT: graph-incompatible/python-attribute-on-graph-tensor


value = tf.constant([1.0, 2.0])
value.label = "features"
print("named", named_identity(value))
