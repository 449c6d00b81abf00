"""The fix: an input_signature with the padded length left open, one graph for all batches."""

import tensorflow as tf

sentences = [[1] * n for n in (2, 3, 5, 4, 7, 6, 9, 8, 3, 2, 11, 10)]
dataset = tf.data.Dataset.from_generator(
    lambda: iter(sentences), output_signature=tf.TensorSpec([None], tf.int32)
).padded_batch(2)
embedding = tf.keras.layers.Embedding(16, 4)


@tf.function(input_signature=[tf.TensorSpec([None, None], tf.int32)])
def train_step(tokens):
    return tf.reduce_mean(embedding(tokens))


for epoch in range(2):
    for batch in dataset:
        train_step(batch)
