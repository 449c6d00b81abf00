# SOURCE: https://github.com/tensorflow/tensorflow/issues/37512
# SYMPTOM: raises InaccessibleTensorError
"""Tensors appended to a Python list inside a loop over tf.range, then stacked after it."""

import tensorflow as tf


@tf.function
def collect(n):
    outputs = []
    for i in tf.range(n):
        outputs.append(tf.cast(i, tf.float32) * 2.0)  # EXPECT: TF302
    return tf.stack(outputs)


collect(tf.constant(3))
