"""The fix: use the encoder's single output as it is."""

import numpy as np
import tensorflow as tf


class PairClassifier(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.embed = tf.keras.layers.Embedding(100, 8)
        self.encoder = tf.keras.layers.GlobalAveragePooling1D()
        self.head = tf.keras.layers.Dense(1, activation="sigmoid")

    def call(self, inputs):
        tokens = self.embed(inputs[:, 0]) + self.embed(inputs[:, 1])
        pooled = self.encoder(tokens)
        return self.head(pooled)


model = PairClassifier()
model.compile(optimizer="adam", loss="binary_crossentropy")
x = np.random.randint(0, 100, (16, 2, 5))
y = np.random.randint(0, 2, (16, 1)).astype("float32")
model.fit(x, y, epochs=1, verbose=0)
print("trained", len(model.trainable_weights))
