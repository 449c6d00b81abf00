# SOURCE: https://github.com/tensorflow/tensorflow/issues/24906
# SYMPTOM: raises ValueError
# DESCRIPTION: a decorated step counter creates its tf.Variable inside the function body, expecting the variable to be hoisted and kept between calls, but the function creates a new variable every time it is traced and TensorFlow refuses it
"""A compiled step counter used by a training script."""

import tensorflow as tf


@tf.function
def next_step(increment):
    counter = tf.Variable(0.0)  # EXPECT: variable-creation/variable-created-in-traced-code
    counter.assign_add(increment)
    return counter.read_value()


print("step", float(next_step(tf.constant(1.0))))
print("step", float(next_step(tf.constant(1.0))))
