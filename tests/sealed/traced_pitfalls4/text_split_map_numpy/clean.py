"""The fix: split and filter with tf.strings ops inside the mapped function."""

import tensorflow as tf

sentences = tf.data.Dataset.from_tensor_slices(["the cat sat", "a dog ran far", "birds fly"])


def tokenize(line):
    words = tf.strings.split(line, " ")
    return tf.boolean_mask(words, tf.strings.length(words) > 2)


tokens = sentences.map(tokenize)
for t in tokens:
    print("tokens", t.numpy())
