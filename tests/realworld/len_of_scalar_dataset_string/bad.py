# SOURCE: https://github.com/tensorflow/tensorflow/issues/38471
# SYMPTOM: raises ValueError
"""A Dataset.map reverses each city name with Python's len() and indexing, as for a str."""

import tensorflow as tf


def compute_palindrome(x):
    return "".join([x[-i] for i in range(-len(x) + 1, 1)])  # EXPECT: TF803


ds = tf.data.Dataset.from_tensor_slices(["Ottawa", "Stockholm", "Rabat"])
ds = ds.map(lambda city: (city, compute_palindrome(city)))
for elem in ds:
    print(elem)
