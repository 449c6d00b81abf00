# SOURCE: https://www.tensorflow.org/guide/function
# SYMPTOM: lines "step" < 4
"""A progress print inside the traced step shows up once, not per call."""

import tensorflow as tf


@tf.function
def step(x):
    print("step", x)  # EXPECT: TF201
    return x * 2


for _ in range(4):
    step(tf.constant(1.0))
