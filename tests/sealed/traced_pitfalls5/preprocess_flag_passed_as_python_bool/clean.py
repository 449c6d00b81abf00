"""The fix: the option is passed as a boolean tensor, so one graph serves both values."""

import tensorflow as tf


@tf.function
def process(x, use_extra_feature):
    y = x * 2.0
    if use_extra_feature:
        y += 10.0
    return y


for step in range(6):
    batch = tf.fill([3], float(step))
    out = process(batch, tf.constant(step % 2 == 1))
    print("processed", step, out.numpy().tolist())
