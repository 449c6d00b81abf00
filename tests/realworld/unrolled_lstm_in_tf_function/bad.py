# SOURCE: https://github.com/keras-team/keras/pull/1659
# SYMPTOM: number "graph nodes" >= 1000
"""An LSTM built with unroll=True and called in a tf.function on 100-step sequences: the
traced graph holds one copy of the cell per step ("for long sequences ... the graph will be
too big")."""

import tensorflow as tf

rnn = tf.keras.layers.LSTM(8, return_state=True, unroll=True)


@tf.function
def encode():
    return rnn(tf.zeros((1, 100, 8)))  # EXPECT: TF710


graph = encode.get_concrete_function().graph
print("graph nodes", len(graph.as_graph_def().node))
