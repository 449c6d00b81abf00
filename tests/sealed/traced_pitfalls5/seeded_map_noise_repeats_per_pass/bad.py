# SOURCE: https://github.com/tensorflow/tensorflow/issues/44195
# SYMPTOM: distinct "pass" < 2
# DESCRIPTION: with a global random seed set, a dataset whose map adds random noise is iterated once per epoch in a Python loop, and every pass over it draws exactly the same noise, so the augmentation never changes
"""Iterates a noisy mapped dataset once per epoch."""

import tensorflow as tf

tf.random.set_seed(0)


def add_noise(x):
    return tf.cast(x, tf.float32) + tf.random.uniform(())  # EXPECT: stale-capture/seeded-random-op-in-dataset-map-repeats-each-epoch


dataset = tf.data.Dataset.range(2).map(add_noise)
for epoch in range(3):
    values = [round(float(v), 5) for v in dataset]
    print("pass", values)
