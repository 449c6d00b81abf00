# SOURCE: https://github.com/tensorflow/tensorflow/issues/39582
# SYMPTOM: raises AttributeError
"""The user needs the tensor's value inside a decorated function and calls .numpy()."""

import tensorflow as tf


@tf.function
def threshold(x):
    value = x.numpy()  # EXPECT: TF801
    return tf.constant(value > 0.5)


threshold(tf.constant([0.2, 0.8]))
