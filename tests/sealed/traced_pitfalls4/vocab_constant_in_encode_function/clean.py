"""The fix: a lookup table built once outside the traced function; the graph refers to it."""

import tensorflow as tf

vocab = [f"word{i:05d}" for i in range(20000)]
table = tf.lookup.StaticHashTable(
    tf.lookup.KeyValueTensorInitializer(vocab, tf.range(len(vocab), dtype=tf.int64)), -1
)


@tf.function
def encode(words):
    return table.lookup(words)


words = tf.constant(["word00003", "word01234"])
ids = encode(words)
graph = encode.get_concrete_function(words).graph.as_graph_def()
print("ids", ids.numpy().tolist())
print("graph bytes", len(graph.SerializeToString()))
