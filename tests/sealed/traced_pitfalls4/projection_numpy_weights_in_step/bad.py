# SOURCE: https://github.com/tensorflow/tensorflow/issues/2382
# SYMPTOM: number "graph bytes" >= 1000000
# DESCRIPTION: a training script projects each batch with a large pre-trained weight matrix loaded as a NumPy array and used directly inside its decorated step, so the whole matrix is serialized into the traced graph as a constant and the graph grows toward the 2GB protobuf limit
"""Projecting features with a pre-trained matrix loaded from disk."""

import numpy as np
import tensorflow as tf

loaded_value = np.random.rand(600, 500).astype("float32")  # stands in for np.load(...)


@tf.function
def project(features):
    return tf.matmul(features, loaded_value)  # EXPECT: graph-bloat/numpy-array-embedded-as-constant


batch = tf.random.uniform((4, 600))
out = project(batch)
graph = project.get_concrete_function(batch).graph.as_graph_def()
print("out", out.shape)
print("graph bytes", len(graph.SerializeToString()))
