# SOURCE: https://www.tensorflow.org/guide/function
# SYMPTOM: raises TypeError
"""A memory layer keeps a tensor of call() on self, and its public method reuses it eagerly."""

import tensorflow as tf


class Memory(tf.keras.layers.Layer):
    def __init__(self):
        super().__init__()
        self.memory = None

    def call(self, x):
        h = tf.nn.relu(x)
        if self.memory is not None:
            h = h + self.memory
        self.memory = h  # EXPECT: TF301
        return h

    def recall(self):
        return self.memory * 2.0


layer = Memory()


@tf.function
def step(x):
    return layer(x)


step(tf.ones((2,)))
print("recalled", float(tf.reduce_sum(layer.recall())))
