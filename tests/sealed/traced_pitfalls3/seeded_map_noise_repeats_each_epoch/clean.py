"""Noise augmentation in a mapped dataset, drawn from a seeded generator."""

import tensorflow as tf

tf.random.set_seed(0)
rng = tf.random.Generator.from_seed(0)


def map_func(x):
    noise = rng.uniform(())
    return tf.cast(x, tf.float32) + noise


base = tf.data.Dataset.range(5)
ds = base.map(map_func)
for epoch in range(3):
    values = list(ds.as_numpy_iterator())
    print("epoch noise %.6f" % (sum(values) - sum(range(5))))
