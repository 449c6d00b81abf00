# SOURCE: https://www.tensorflow.org/guide/function
# SYMPTOM: raises ValueError
"""A block stores a lambda that constructs a new Dense layer each time it is applied."""

import tensorflow as tf


class Block(tf.keras.layers.Layer):
    def __init__(self, units):
        super().__init__()
        self.project = lambda t: tf.keras.layers.Dense(units)(t)  # EXPECT: TF401

    def call(self, x):
        return x + self.project(x)


block = Block(3)


@tf.function
def apply(x):
    return block(x)


print(apply(tf.ones((2, 3))))
print(apply(tf.ones((4, 3))))
