# SOURCE: https://www.tensorflow.org/guide/function
# SYMPTOM: number "nodes" >= 1000
"""A relation step that pairs every cell of a feature map with every other cell through nested
Python loops over the static dimensions: one copy of the pair function per pair."""

import tensorflow as tf


@tf.function
def relate(features):
    cells = features.shape[0] * features.shape[1]
    flat = tf.reshape(features, [cells, features.shape[2]])
    total = tf.zeros([features.shape[2] * 2])
    for i in range(cells):  # EXPECT: TF701
        for j in range(cells):
            total += tf.nn.relu(tf.concat([flat[i], flat[j]], axis=0))
    return total


features = tf.random.uniform([4, 4, 3])
relate(features)
print("nodes", len(relate.get_concrete_function(features).graph.as_graph_def().node))
