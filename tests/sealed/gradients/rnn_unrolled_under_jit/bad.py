# SOURCE: https://github.com/keras-team/keras/issues/16485
# SYMPTOM: number "nodes" >= 1000
# DESCRIPTION: a recurrent layer with unroll=True over a long sequence is called in a compiled function: one cell copy per step
import tensorflow as tf


class GatedCell(tf.keras.layers.Layer):
    def __init__(self, units, **kwargs):
        super().__init__(**kwargs)
        self.units = units
        self.state_size = units

    def build(self, input_shape):
        self.kernel = self.add_weight(shape=(input_shape[-1], self.units), name="kernel")
        self.recurrent = self.add_weight(shape=(self.units, self.units), name="recurrent")

    def call(self, inputs, states):
        h = tf.tanh(tf.matmul(inputs, self.kernel) + tf.matmul(states[0], self.recurrent))
        return h, [h]


rnn = tf.keras.layers.RNN(GatedCell(16), unroll=True)  # EXPECT: graph-bloat/unrolled-rnn-in-traced-code


@tf.function(jit_compile=True)
def encode(sequence):
    return rnn(sequence)


graph = encode.get_concrete_function(tf.TensorSpec([4, 240, 3])).graph
print("nodes", len(graph.as_graph_def().node))
