# SOURCE: https://github.com/tensorflow/tensorflow/issues/39875
# SYMPTOM: lines "[zero]" < 1
# DESCRIPTION: a tf.function tests a boolean tensor returned by another tf.function with `is True`, an identity test on the Python object that is always false, so the branch for a true value never runs
"""Branch on the result of a zero check, both compiled."""

import sys

import tensorflow as tf


@tf.function
def check_zero(data):
    if data == 0:
        return True
    else:
        return False


@tf.function
def test_arg(a):
    is_zero = check_zero(a)
    if is_zero is True:  # EXPECT: graph-incompatible/identity-comparison-on-tensor
        tf.print("[zero]", a, output_stream=sys.stdout)
    else:
        tf.print("[not zero]", a, output_stream=sys.stdout)


for i in range(3):
    test_arg(tf.constant(i))
