# SOURCE: https://www.codegenes.net/blog/running-the-tensorflow-2-0-code-gives-valueerror-tf-function-decorated-function-tried-to-create-variables-on-non-first-call-what-am-i-doing-wrong
# SYMPTOM: raises ValueError
# DESCRIPTION: a function converted with tf.function creates a tf.Variable in its body, so each trace asks for a new variable while tf.function allows variables only on the first trace
"""An affine map whose bias variable is created inside the traced function."""

import tensorflow as tf


@tf.function
def f(x):
    a = tf.constant([[10.0, 10.0], [11.0, 1.0]])
    b = tf.Variable(12.0)  # EXPECT: variable-creation/variable-created-in-traced-code
    return tf.matmul(a, x) + b


print("y", f(tf.eye(2)).numpy().tolist())
