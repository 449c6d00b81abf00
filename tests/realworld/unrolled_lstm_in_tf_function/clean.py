"""The fix: the default rolled LSTM, one loop in the graph whatever the length."""

import tensorflow as tf

rnn = tf.keras.layers.LSTM(8, return_state=True)


@tf.function
def encode():
    return rnn(tf.zeros((1, 100, 8)))


graph = encode.get_concrete_function().graph
print("graph nodes", len(graph.as_graph_def().node))
