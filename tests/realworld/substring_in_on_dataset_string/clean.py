"""The fix: the substring test as a tf.strings op, which runs per element in the graph."""

import tensorflow as tf


def compute_length(x):
    return tf.strings.length(x)


def check_substring(x, substring):
    return tf.strings.regex_full_match(x, ".*" + substring + ".*")


ds = tf.data.Dataset.from_tensor_slices(["Ottawa", "Stockholm", "Rabat"])
ds = ds.map(lambda city: (city, compute_length(city), check_substring(city, "lm")))
for elem in ds:
    print(elem)
