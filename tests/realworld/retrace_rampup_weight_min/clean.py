"""The fix: w is a tensor."""

import tensorflow as tf

v = tf.Variable(1.0)
RAMPUP = 10.0


@tf.function
def train_step(x, w):
    v.assign_sub(0.01 * w * x)
    return v


for epoch in range(6):
    w = 30.0 * min(1.0, epoch / RAMPUP)
    train_step(tf.constant(1.0), tf.constant(w))
