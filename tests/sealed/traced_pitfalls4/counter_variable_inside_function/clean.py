"""The fix: the variable is created once, outside the function, and the function updates it."""

import tensorflow as tf

counter = tf.Variable(0.0)


@tf.function
def next_step(increment):
    counter.assign_add(increment)
    return counter.read_value()


print("step", float(next_step(tf.constant(1.0))))
print("step", float(next_step(tf.constant(1.0))))
