# SOURCE: https://github.com/tensorflow/tensorflow/issues/38693
# SYMPTOM: number "graph bytes" >= 1000000
# DESCRIPTION: a traced lookup function turns a large NumPy embedding table into a constant inside its body, which copies the whole table into the graph every time it is traced
"""Looking up pretrained word vectors for token ids inside a tf.function."""

import numpy as np
import tensorflow as tf

vectors = np.random.rand(5000, 64).astype("float32")


@tf.function
def embed(token_ids):
    table = tf.constant(vectors)  # EXPECT: graph-bloat/numpy-array-embedded-as-constant
    return tf.nn.embedding_lookup(table, token_ids)


ids = tf.constant([[1, 2, 3]])
print("embedded", embed(ids).shape)
print("graph bytes", embed.get_concrete_function(ids).graph.as_graph_def().ByteSize())
