"""The fix: create the variable before any trace."""

import tensorflow as tf

foo = tf.Variable(1)


@tf.function
def bar(value=None):
    if value is not None:
        return tf.constant(value)
    return foo.read_value()


bar(3)
bar()
