"""The fix: return the loss and append it eagerly."""

import tensorflow as tf

history = []


@tf.function
def step(x):
    return tf.reduce_sum(x * x)


for _ in range(4):
    history.append(step(tf.constant([1.0, 2.0])))
    print("logged", len(history))
