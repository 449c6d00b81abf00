"""Building blocks: a Keras layer base class the model's layers derive from."""

import tensorflow as tf


class Block(tf.keras.layers.Layer):
    """A dense block; subclasses add what they compute on top."""

    def __init__(self, units):
        super().__init__()
        self.dense = tf.keras.layers.Dense(units)
