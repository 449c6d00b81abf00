"""The input pipeline: a Dataset.map over ragged token lists, padded per batch."""

import tensorflow as tf


def normalize(tokens, label):
    print("tracing normalize")  # runs once, while tf.data traces the map function
    return tf.cast(tokens, tf.float32) / 10.0, label


def sequences(count=10):
    """Token sequences of lengths 2..7, in batches padded to each batch's longest."""
    lengths = [2 + (i * 5) % 6 for i in range(count)]
    tokens = tf.ragged.constant([[float((i + j) % 10) for j in range(n)] for i, n in enumerate(lengths)])
    labels = tf.constant([float(i % 2) for i in range(count)])
    dataset = tf.data.Dataset.from_tensor_slices((tokens, labels))
    dataset = dataset.map(lambda t, y: (t, y)).map(normalize)
    return dataset.padded_batch(4)
