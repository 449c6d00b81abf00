# SOURCE: https://www.tensorflow.org/guide/function
# SYMPTOM: number "nodes" >= 1000
"""Every pair is built at once by broadcasting: the graph does not grow with the cells."""

import tensorflow as tf


@tf.function
def relate(features):
    cells = features.shape[0] * features.shape[1]
    flat = tf.reshape(features, [cells, features.shape[2]])
    left = tf.repeat(flat, cells, axis=0)
    right = tf.tile(flat, [cells, 1])
    return tf.reduce_sum(tf.nn.relu(tf.concat([left, right], axis=1)), axis=0)


features = tf.random.uniform([4, 4, 3])
relate(features)
print("nodes", len(relate.get_concrete_function(features).graph.as_graph_def().node))
