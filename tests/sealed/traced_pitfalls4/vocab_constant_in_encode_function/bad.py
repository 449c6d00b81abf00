# SOURCE: https://github.com/tensorflow/tensorflow/issues/31093
# SYMPTOM: number "graph bytes" >= 200000
# DESCRIPTION: a text pipeline turns its Python vocabulary list into a tf.constant inside the decorated function that maps words to ids, so the whole vocabulary is serialized into the traced graph and grows with it until the graph no longer fits the protobuf limit
"""Mapping words to vocabulary ids before the embedding lookup."""

import tensorflow as tf

vocab = [f"word{i:05d}" for i in range(20000)]  # stands in for the loaded embedding vocabulary


@tf.function
def encode(words):
    table = tf.constant(vocab, dtype=tf.string)  # EXPECT: graph-bloat/numpy-array-embedded-as-constant
    matches = tf.cast(tf.equal(words[:, None], table[None, :]), tf.int32)
    return tf.argmax(matches, axis=1)


words = tf.constant(["word00003", "word01234"])
ids = encode(words)
graph = encode.get_concrete_function(words).graph.as_graph_def()
print("ids", ids.numpy().tolist())
print("graph bytes", len(graph.SerializeToString()))
