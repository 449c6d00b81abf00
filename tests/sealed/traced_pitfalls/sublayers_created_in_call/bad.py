# SOURCE: https://github.com/tensorflow/tensorflow/issues/48878
# SYMPTOM: raises ValueError
# DESCRIPTION: a custom Keras layer constructs its normalisation and attention sublayers inside call, so new weights are created every time the model is traced
"""A transformer block turned into a custom layer for a small vision model."""

import numpy as np
import tensorflow as tf
from tensorflow.keras import layers


class TransformerBlock(layers.Layer):
    def __init__(self, num_heads, key_dim, **kwargs):
        super().__init__(**kwargs)
        self.num_heads = num_heads
        self.key_dim = key_dim

    def call(self, x):
        x1 = layers.LayerNormalization(epsilon=1e-6)(x)  # EXPECT: variable-creation/layer-built-in-traced-code
        attention = layers.MultiHeadAttention(num_heads=self.num_heads, key_dim=self.key_dim)(x1, x1)  # EXPECT: variable-creation/layer-built-in-traced-code
        return x + attention


inputs = tf.keras.Input((9, 16))
hidden = TransformerBlock(2, 8)(inputs)
outputs = layers.Dense(3)(layers.GlobalAveragePooling1D()(hidden))
model = tf.keras.Model(inputs, outputs)
model.compile(optimizer="adam", loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True))
model.fit(np.random.rand(16, 9, 16), np.random.randint(0, 3, 16), batch_size=8, epochs=1, verbose=0)
print("trained")
