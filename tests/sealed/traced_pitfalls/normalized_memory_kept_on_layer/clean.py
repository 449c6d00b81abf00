"""The fix: compute the normalised keys where they are needed instead of caching a traced tensor."""

import numpy as np
import tensorflow as tf
from tensorflow.keras import layers


class MemoryLayer(layers.Layer):
    def __init__(self, n_memory, dim, **kwargs):
        super().__init__(**kwargs)
        self.memory = self.add_weight(shape=(n_memory, dim), initializer="random_normal", name="memory")

    def key_memory(self):
        return tf.nn.l2_normalize(self.memory, axis=1)

    def call(self, query):
        attention = tf.matmul(tf.nn.l2_normalize(query, axis=1), self.key_memory(), transpose_b=True)
        return tf.matmul(tf.nn.softmax(attention), self.memory)

    def predict_process(self, query):
        read_attention = tf.matmul(tf.nn.l2_normalize(query, axis=1), self.key_memory(), transpose_b=True)
        return tf.argmax(read_attention, axis=1)


memory = MemoryLayer(5, 8)
model = tf.keras.Sequential([tf.keras.Input((8,)), memory, layers.Dense(1)])
model.compile(optimizer="adam", loss="mse")
model.fit(np.random.rand(16, 8), np.random.rand(16, 1), batch_size=8, epochs=1, verbose=0)
print("clusters", memory.predict_process(tf.random.normal([4, 8])).numpy().tolist())
