"""The fix: an element-wise tf.where instead of a Python comprehension."""

import tensorflow as tf


@tf.function
def square_if_positive(scores):
    return tf.where(scores > 0, scores**2, scores)


print("squared", square_if_positive(tf.range(-5, 5)))
