# SOURCE: https://github.com/tensorflow/tensorflow/issues/39864
# SYMPTOM: raises ValueError
"""A module recreates its variable on each call of its traced __call__; a second trace fails."""

import tensorflow as tf


class Scale(tf.Module):
    @tf.function
    def __call__(self, x):
        self.v = tf.Variable(tf.ones_like(x))  # EXPECT: TF401
        return self.v * x


scale = Scale()
scale(tf.ones([2]))
scale(tf.ones([3]))
