# SOURCE: https://github.com/zomux/neuralcompressor/issues/11
# SYMPTOM: number "graph bytes" >= 500000
# DESCRIPTION: an embedding compressor looks words up in a large NumPy embedding matrix from inside a decorated function, so the whole matrix is copied into the traced graph as a constant, which grows with the vocabulary until it hits the 2GB graph limit
"""Looking up word vectors from a pre-trained embedding matrix."""

import numpy as np
import tensorflow as tf

embed_matrix = np.random.rand(2000, 100).astype("float32")


@tf.function
def lookup(word_ids):
    return tf.gather(embed_matrix, word_ids)  # EXPECT: graph-bloat/numpy-array-embedded-as-constant


ids = tf.constant([1, 5, 7])
vectors = lookup(ids)
graph = lookup.get_concrete_function(ids).graph.as_graph_def()
print("graph bytes", len(graph.SerializeToString()))
