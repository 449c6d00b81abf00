"""The fix: create the sublayers once, in __init__, and only call them in call."""

import numpy as np
import tensorflow as tf
from tensorflow.keras import layers


class TransformerBlock(layers.Layer):
    def __init__(self, num_heads, key_dim, **kwargs):
        super().__init__(**kwargs)
        self.norm = layers.LayerNormalization(epsilon=1e-6)
        self.attention = layers.MultiHeadAttention(num_heads=num_heads, key_dim=key_dim)

    def call(self, x):
        x1 = self.norm(x)
        return x + self.attention(x1, x1)


inputs = tf.keras.Input((9, 16))
hidden = TransformerBlock(2, 8)(inputs)
outputs = layers.Dense(3)(layers.GlobalAveragePooling1D()(hidden))
model = tf.keras.Model(inputs, outputs)
model.compile(optimizer="adam", loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True))
model.fit(np.random.rand(16, 9, 16), np.random.randint(0, 3, 16), batch_size=8, epochs=1, verbose=0)
print("trained")
