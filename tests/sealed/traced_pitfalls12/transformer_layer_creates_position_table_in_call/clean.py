import numpy as np
import tensorflow as tf
import keras


def positional_table(T, num_units):
    position_enc = np.array(
        [[pos / np.power(10000, 2.0 * i / num_units) for i in range(num_units)] for pos in range(T)]
    )
    position_enc[:, 0::2] = np.sin(position_enc[:, 0::2])
    position_enc[:, 1::2] = np.cos(position_enc[:, 1::2])
    return position_enc.astype("float32")


def positional_encoding(inputs, lookup_table, scale=True):
    _, T, num_units = inputs.shape
    position_ind = tf.expand_dims(tf.range(T), 0)
    outputs = tf.nn.embedding_lookup(lookup_table, position_ind)
    if scale:
        outputs = outputs * num_units**0.5
    return outputs + inputs


class Transformer(keras.layers.Layer):
    def __init__(self, att_embedding_size=4, use_positional_encoding=True, **kwargs):
        super().__init__(**kwargs)
        self.att_embedding_size = att_embedding_size
        self.use_positional_encoding = use_positional_encoding

    def build(self, input_shape):
        T, d = input_shape[1], input_shape[-1]
        self.W_q = self.add_weight(name="W_q", shape=(d, self.att_embedding_size))
        self.W_k = self.add_weight(name="W_k", shape=(d, self.att_embedding_size))
        # The table is a weight of the layer, made once in build().
        self.lookup_table = self.add_weight(
            name="pos_table", shape=(T, d), initializer=keras.initializers.Constant(positional_table(T, d))
        )

    def call(self, inputs):
        queries = inputs
        keys = inputs
        if self.use_positional_encoding:
            queries = positional_encoding(queries, self.lookup_table)
            keys = positional_encoding(keys, self.lookup_table)
        q = tf.tensordot(queries, self.W_q, axes=1)
        k = tf.tensordot(keys, self.W_k, axes=1)
        att = tf.nn.softmax(tf.matmul(q, k, transpose_b=True))
        return tf.reduce_mean(tf.matmul(att, q), axis=1)


inp = keras.Input(shape=(5, 8))
out = keras.layers.Dense(1)(Transformer()(inp))
model = keras.Model(inp, out)
model.compile(optimizer="adam", loss="mse")
x = np.random.rand(16, 5, 8).astype("float32")
y = np.random.rand(16, 1).astype("float32")
model.fit(x, y, epochs=2, verbose=0)
print("trained")
