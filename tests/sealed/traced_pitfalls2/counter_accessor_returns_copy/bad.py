# SOURCE: https://github.com/tensorflow/tensorflow/issues/26341
# SYMPTOM: raises AttributeError
# DESCRIPTION: an accessor decorated for graph execution returns a variable, expecting a reference to update, but a traced function returns a tensor holding a copy of its value
"""A step counter kept in a tf.Variable and exposed through a decorated accessor."""

import tensorflow as tf

counter = tf.Variable(0)


@tf.function
def get_counter():
    return counter  # EXPECT: api-misuse/variable-returned-from-traced-function


for _ in range(3):
    get_counter().assign_add(1)
print("counter", int(counter.numpy()))
