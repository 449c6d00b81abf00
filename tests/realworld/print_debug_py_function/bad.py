# SOURCE: https://www.tensorflow.org/guide/function?hl=el
# SYMPTOM: lines "debug" < 4
"""A debug print of a NumPy view of the batch inside the traced step: printed once."""

import tensorflow as tf


@tf.function
def step(x):
    print("debug", x)  # EXPECT: TF201
    return tf.reduce_sum(x)


for _ in range(4):
    step(tf.ones([2]))
