# SOURCE: https://github.com/ahsanMah/msma/issues/1
# SYMPTOM: traces >= 5
"""A sampler object whose traced __call__ gets a rounded Python step size from the loop."""

import tensorflow as tf


class Sampler(tf.Module):
    @tf.function
    def __call__(self, x, alpha):
        return x - alpha * x


sampler = Sampler()
x = tf.ones([3])
for i in range(6):
    alpha = round(0.1 / (i + 1), 4)
    x = sampler(x, alpha)  # EXPECT: TF501
