"""The fix: a tensor step size."""

import tensorflow as tf


class Sampler(tf.Module):
    @tf.function
    def __call__(self, x, alpha):
        return x - alpha * x


sampler = Sampler()
x = tf.ones([3])
for i in range(6):
    alpha = round(0.1 / (i + 1), 4)
    x = sampler(x, tf.constant(alpha))
