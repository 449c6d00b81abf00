# SOURCE: https://github.com/tensorflow/tensorflow/issues/38471
# SYMPTOM: raises TypeError
"""A Dataset.map adds to each city name whether it contains a substring, tested with `in`."""

import tensorflow as tf


def compute_length(x):
    return tf.strings.length(x)


def check_substring(x, substring):
    return substring in x  # EXPECT: TF874


ds = tf.data.Dataset.from_tensor_slices(["Ottawa", "Stockholm", "Rabat"])
ds = ds.map(lambda city: (city, compute_length(city), check_substring(city, "lm")))
for elem in ds:
    print(elem)
