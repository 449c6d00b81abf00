# SOURCE: https://github.com/tensorflow/tensorflow/issues/59725
# SYMPTOM: raises KeyError
# DESCRIPTION: a tf.function picks nested helper functions by name through locals(), which AutoGraph's converted code does not provide
"""Applying a configurable sequence of preprocessing steps chosen by name."""

import tensorflow as tf


@tf.function
def sample_function(inputs, application_order=("method_3", "method_1", "method_2")):
    def method_1(inputs):
        return inputs * 2

    def method_2(inputs):
        return inputs / 2

    def method_3(inputs):
        return inputs * 3

    for application in application_order:
        inputs = locals()[application](inputs)  # EXPECT: graph-incompatible/locals-in-traced-code
    return inputs


print("out", sample_function(tf.random.normal((1, 3, 3, 1))).shape)
