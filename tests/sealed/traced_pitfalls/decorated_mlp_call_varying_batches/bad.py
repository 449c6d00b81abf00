# SOURCE: https://github.com/microsoft/dpu-utils/pull/50
# SYMPTOM: traces >= 4
# DESCRIPTION: a Keras layer's call is decorated with tf.function for speed; called eagerly on batches of different sizes it traces a new graph for every size
"""A small MLP layer whose call was wrapped in tf.function, used on batches of varying size."""

import tensorflow as tf


class MLP(tf.keras.layers.Layer):
    def __init__(self, hidden, out, **kwargs):
        super().__init__(**kwargs)
        self.hidden = tf.keras.layers.Dense(hidden, activation="relu")
        self.out = tf.keras.layers.Dense(out)

    @tf.function  # EXPECT: api-misuse/decorated-keras-call|retracing/shape-varies-between-calls
    def call(self, inputs):
        return self.out(self.hidden(inputs))


mlp = MLP(16, 2)
mlp(tf.zeros([1, 8]))
for batch in (3, 5, 7, 9):
    print("out", mlp(tf.random.normal([batch, 8])).shape)
