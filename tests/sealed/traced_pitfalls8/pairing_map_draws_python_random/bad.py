# SOURCE: https://it.cha138.com/android/show-67593.html
# SYMPTOM: distinct "[partner]" < 3
# DESCRIPTION: a tf.data map function picks a random pairing offset with Python's random module, which runs once while the function is traced, so every element gets the same offset
"""Pairs each sample with a randomly chosen partner inside a tf.data pipeline."""

import random

import tensorflow as tf

samples = tf.data.Dataset.range(12)


def pair_parser(index):
    offset = random.randint(1, 11)  # EXPECT: graph-incompatible/python-random-in-traced-code
    partner = (index + offset) % 12
    return index, partner


pairs = samples.map(pair_parser, num_parallel_calls=tf.data.AUTOTUNE)
for index, partner in pairs:
    print("[partner]", int(partner - index) % 12)
