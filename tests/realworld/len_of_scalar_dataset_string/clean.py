"""The fix: reverse the text with tf.strings ops, which run per element in the graph."""

import tensorflow as tf


def compute_palindrome(x):
    chars = tf.strings.unicode_split(x, "UTF-8")
    return tf.strings.reduce_join(tf.reverse(chars, axis=[0]))


ds = tf.data.Dataset.from_tensor_slices(["Ottawa", "Stockholm", "Rabat"])
ds = ds.map(lambda city: (city, compute_palindrome(city)))
for elem in ds:
    print(elem)
