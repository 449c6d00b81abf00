# SOURCE: https://jackd.github.io/posts/deterministic-tf-part-2
# SYMPTOM: distinct "epoch noise" < 2
# DESCRIPTION: a training script sets the global seed for reproducibility and adds random noise in a mapped dataset function, but the random op's seed is fixed when the map function is traced, so every pass over the dataset draws exactly the same "random" augmentation
"""Noise augmentation in a mapped dataset, with the global seed set."""

import tensorflow as tf

tf.random.set_seed(0)


def map_func(x):
    noise = tf.random.uniform(())  # EXPECT: stale-capture/seeded-random-op-in-dataset-map-repeats-each-epoch
    return tf.cast(x, tf.float32) + noise


base = tf.data.Dataset.range(5)
ds = base.map(map_func)
for epoch in range(3):
    values = list(ds.as_numpy_iterator())
    print("epoch noise %.6f" % (sum(values) - sum(range(5))))
