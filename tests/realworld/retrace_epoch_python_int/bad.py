# SOURCE: https://github.com/microsoft/AirSim-Drone-Racing-VAE-Imitation/issues/10
# SYMPTOM: traces >= 5
"""A training loop passes the epoch number, a Python int, to the traced step."""

import tensorflow as tf

w = tf.Variable(0.5)


@tf.function
def train(x, epoch):
    w.assign_sub(0.01 * x * tf.cast(epoch, tf.float32))
    return w


for epoch in range(6):
    train(tf.constant(1.0), epoch)  # EXPECT: TF501
