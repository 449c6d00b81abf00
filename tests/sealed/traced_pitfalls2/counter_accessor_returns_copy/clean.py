"""The fix: a plain Python accessor returns the variable itself."""

import tensorflow as tf

counter = tf.Variable(0)


def get_counter():
    return counter


for _ in range(3):
    get_counter().assign_add(1)
print("counter", int(counter.numpy()))
