# SOURCE: https://github.com/tensorflow/tensorflow/issues/38002
# SYMPTOM: stderr "triggered tf.function retracing"
"""A text pipeline pads each batch to its own longest sentence; the custom training loop feeds
the batches to a traced step, which traces again for every new padded length."""

import tensorflow as tf

sentences = [[1] * n for n in (2, 3, 5, 4, 7, 6, 9, 8, 3, 2, 11, 10)]
dataset = tf.data.Dataset.from_generator(
    lambda: iter(sentences), output_signature=tf.TensorSpec([None], tf.int32)
).padded_batch(2)
embedding = tf.keras.layers.Embedding(16, 4)


@tf.function  # EXPECT: TF598
def train_step(tokens):
    return tf.reduce_mean(embedding(tokens))


for epoch in range(2):
    for batch in dataset:
        train_step(batch)
