"""The fix: keep the number in a tf.Variable and assign it."""

import tensorflow as tf

foo = tf.Variable(4)


@tf.function
def addition():
    return 1 + foo


for value in (4, 10, 20):
    foo.assign(value)
    print("result", int(addition()))
