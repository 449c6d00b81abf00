# SOURCE: https://github.com/tensorflow/tensorflow/issues/33689
# SYMPTOM: raises ValueError
"""A global created lazily inside a tf.function that is traced for two argument types."""

import tensorflow as tf

foo = None


@tf.function
def bar(value=None):
    global foo
    if value is not None:
        return tf.constant(value)
    if foo is None:
        foo = tf.Variable(1)  # EXPECT: TF401
    return foo.read_value()


bar(3)
bar()
