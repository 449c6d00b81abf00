# SOURCE: https://github.com/tensorflow/tensorflow/issues/32157
# SYMPTOM: traces >= 5
"""A non-tensor argument (a per-step summary tag) passed to the traced step slows training."""

import tensorflow as tf

w = tf.Variable(1.0)


@tf.function
def train_step(x, tag):
    w.assign_add(x)
    return tf.strings.join([tag, tf.strings.as_string(w)])


for step in range(6):
    train_step(tf.constant(0.5), f"loss_{step}")  # EXPECT: TF501
