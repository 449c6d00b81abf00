"""The fix from the tf.function guide: create the variable only on the first call."""

import tensorflow as tf


class Scale(tf.Module):
    def __init__(self):
        self.v = None

    @tf.function
    def __call__(self, x):
        if self.v is None:
            self.v = tf.Variable(tf.ones([3]))
        return self.v * x


scale = Scale()
scale(tf.ones([3]))
scale(tf.ones([3]) * 2.0)
