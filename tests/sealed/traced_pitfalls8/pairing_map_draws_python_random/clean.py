"""The fix: draw the offset with a TensorFlow random op, which runs for every element."""

import tensorflow as tf

samples = tf.data.Dataset.range(12)


def pair_parser(index):
    offset = tf.random.uniform([], minval=1, maxval=12, dtype=tf.int64)
    partner = (index + offset) % 12
    return index, partner


pairs = samples.map(pair_parser, num_parallel_calls=tf.data.AUTOTUNE)
for index, partner in pairs:
    print("[partner]", int(partner - index) % 12)
