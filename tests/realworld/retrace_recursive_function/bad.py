# SOURCE: https://itsfoss.gitlab.io/post/why-your-tffunction-isnt-working-the-way-you-think-and-how-to-fix-it
# SYMPTOM: traces >= 5
"""A recursive tf.function on a Python int traces once per recursion depth."""

import tensorflow as tf


@tf.function
def power(x, n):
    if n == 0:
        return tf.ones_like(x)
    return x * power(x, n - 1)  # EXPECT: TF505


power(tf.constant(2.0), 6)
