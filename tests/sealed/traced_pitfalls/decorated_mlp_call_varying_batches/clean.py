"""The fix: leave call undecorated; trace the outer computation once if speed matters."""

import tensorflow as tf


class MLP(tf.keras.layers.Layer):
    def __init__(self, hidden, out, **kwargs):
        super().__init__(**kwargs)
        self.hidden = tf.keras.layers.Dense(hidden, activation="relu")
        self.out = tf.keras.layers.Dense(out)

    def call(self, inputs):
        return self.out(self.hidden(inputs))


mlp = MLP(16, 2)
mlp(tf.zeros([1, 8]))
for batch in (3, 5, 7, 9):
    print("out", mlp(tf.random.normal([batch, 8])).shape)
