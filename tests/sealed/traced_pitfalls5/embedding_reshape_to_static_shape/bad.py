# SOURCE: https://github.com/sql-machine-learning/elasticdl/pull/1071
# SYMPTOM: raises TypeError
# DESCRIPTION: a custom embedding layer flattens its id tensor for the lookup and reshapes the result back using the static shape of the ids, which has an unknown batch dimension when the layer is called on a model input
"""A custom embedding layer that looks ids up in a flat table."""

import numpy as np
import keras
import tensorflow as tf


class FlatEmbedding(keras.layers.Layer):
    def __init__(self, vocab, dim):
        super().__init__()
        self.vocab, self.dim = vocab, dim

    def build(self, shape):
        self.table = self.add_weight(shape=(self.vocab, self.dim), initializer="uniform")

    def call(self, ids):
        flat = tf.gather(self.table, tf.reshape(ids, [-1]))
        return tf.reshape(flat, ids.shape.as_list() + [self.dim])  # EXPECT: graph-incompatible/static-shape-with-none-dimension


inputs = keras.Input((4,), dtype="int32")
embedded = FlatEmbedding(10, 3)(inputs)
outputs = keras.layers.Dense(1)(keras.layers.Flatten()(embedded))
model = keras.Model(inputs, outputs)
model.compile(optimizer="sgd", loss="mse")
model.fit(np.ones((8, 4), "int32"), np.ones((8, 1), "float32"), epochs=1, verbose=0)
print("trained")
