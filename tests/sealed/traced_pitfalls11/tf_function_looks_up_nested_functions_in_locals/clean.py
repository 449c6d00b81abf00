"""The fix: keep the transforms in an explicit dict instead of looking them up in locals()."""

import tensorflow as tf


def method_1(inputs):
    return inputs * 2


def method_2(inputs):
    return inputs / 2


def method_3(inputs):
    return inputs * 3


METHODS = {"method_1": method_1, "method_2": method_2, "method_3": method_3}


@tf.function
def sample_function(inputs, application_order=("method_3", "method_1", "method_2")):
    for application in application_order:
        inputs = METHODS[application](inputs)
    return inputs


result = sample_function(tf.random.normal((1, 3, 3, 1)))
print("[result]", result.shape)
