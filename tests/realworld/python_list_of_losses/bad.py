# SOURCE: https://www.tensorflow.org/guide/function?hl=uk
# SYMPTOM: distinct "logged" < 4
"""Losses appended to a Python list from a traced step: the list stops growing."""

import tensorflow as tf

history = []


@tf.function
def step(x):
    loss = tf.reduce_sum(x * x)
    history.append(loss)  # EXPECT: TF202|TF301
    return loss


for _ in range(4):
    step(tf.constant([1.0, 2.0]))
    print("logged", len(history))
