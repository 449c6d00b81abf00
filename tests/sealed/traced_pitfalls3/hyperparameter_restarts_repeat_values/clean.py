"""The fix: build the drawing function once, so its random op keeps advancing across restarts."""

import tensorflow as tf

tf.random.set_seed(1234)
lengthscale = tf.Variable(1.0)


@tf.function
def randomize_hyperparameters(prior_low, prior_high):
    if prior_high > prior_low:
        lengthscale.assign(tf.random.uniform((), prior_low, prior_high))
    return lengthscale


for restart in range(3):
    value = randomize_hyperparameters(tf.constant(0.1), tf.constant(5.0))
    print("restart lengthscale %.6f" % float(value))
