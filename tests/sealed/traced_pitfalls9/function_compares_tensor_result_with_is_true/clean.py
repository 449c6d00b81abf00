"""The fix: use the boolean tensor itself as the condition, so AutoGraph builds a tf.cond."""

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
    if is_zero:
        tf.print("[zero]", a, output_stream=sys.stdout)
    else:
        tf.print("[not zero]", a, output_stream=sys.stdout)


for i in range(3):
    test_arg(tf.constant(i))
