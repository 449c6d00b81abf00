# SOURCE: https://github.com/huggingface/transformers/issues/12376
# SYMPTOM: distinct "kept" < 2
"""LayerDrop decided with Python `random` inside a Keras call: frozen once the call is traced."""

import random

import tensorflow as tf

random.seed(0)


class Encoder(tf.keras.layers.Layer):
    def __init__(self):
        super().__init__()
        self.blocks = [tf.keras.layers.Dense(2, kernel_initializer="ones") for _ in range(4)]

    def call(self, x, training=False):
        for block in self.blocks:
            dropout_probability = random.uniform(0, 1)  # EXPECT: TF805
            if training and dropout_probability < 0.5:
                continue
            x = block(x)
        return x


encoder = Encoder()
encoder(tf.ones([1, 2]))  # builds every block eagerly
step = tf.function(lambda x: tf.reduce_sum(encoder(x, training=True)))
for _ in range(6):
    print("kept", float(step(tf.ones([1, 2]))))
