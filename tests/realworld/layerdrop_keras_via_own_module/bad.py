# SOURCE: https://github.com/huggingface/transformers/issues/12376
# SYMPTOM: distinct "output" < 2
"""A zoo imports Keras through its own module; its encoder decides LayerDrop with `random`."""

import random

import tensorflow as tf
from zoo_utils import keras

random.seed(1)


class TFEncoder(keras.layers.Layer):
    def __init__(self):
        super().__init__()
        self.blocks = [keras.layers.Dense(2, kernel_initializer="ones") for _ in range(4)]

    def call(self, x, training=False):
        for block in self.blocks:
            if training and random.uniform(0, 1) < 0.5:  # EXPECT: TF805
                continue
            x = block(x)
        return x


encoder = TFEncoder()
encoder(tf.ones([1, 2]))  # builds every block eagerly
step = tf.function(lambda x: tf.reduce_sum(encoder(x, training=True)))
for _ in range(6):
    print("output", float(step(tf.ones([1, 2]))))
