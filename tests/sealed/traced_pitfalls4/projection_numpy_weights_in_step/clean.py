"""The fix: hold the pre-trained matrix in a variable created once, outside the traced step."""

import numpy as np
import tensorflow as tf

loaded_value = np.random.rand(600, 500).astype("float32")
projection = tf.Variable(loaded_value, trainable=False)


@tf.function
def project(features):
    return tf.matmul(features, projection)


batch = tf.random.uniform((4, 600))
out = project(batch)
graph = project.get_concrete_function(batch).graph.as_graph_def()
print("out", out.shape)
print("graph bytes", len(graph.SerializeToString()))
