"""The fix: the tag is a string tensor, so the signature does not change."""

import tensorflow as tf

w = tf.Variable(1.0)


@tf.function
def train_step(x, tag):
    w.assign_add(x)
    return tf.strings.join([tag, tf.strings.as_string(w)])


for step in range(6):
    train_step(tf.constant(0.5), tf.constant(f"loss_{step}"))
