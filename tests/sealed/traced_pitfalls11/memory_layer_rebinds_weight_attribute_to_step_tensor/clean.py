"""The fix: keep the memory in its weight and update it in place with assign, so no
tensor of one traced step is stored on the layer."""

import numpy as np
import tensorflow as tf
from tensorflow import keras


class MemoryLayer(keras.layers.Layer):
    def __init__(self, n_clusters=8, key_dims=4, alpha=0.1, name="memory_layer", **kwargs):
        super().__init__(name=name, **kwargs)
        self.alpha = alpha
        self.key_memory = self.add_weight(
            shape=(n_clusters, key_dims), initializer="glorot_normal", trainable=False, name=f"{name}_key_memory"
        )
        self.key_layer = keras.layers.Dense(key_dims, name=f"{name}_key_layer")

    def call(self, inputs):
        keys = self.key_layer(inputs)
        scores = tf.nn.softmax(tf.matmul(keys, self.key_memory, transpose_b=True))
        read = tf.matmul(scores, self.key_memory)
        self.key_memory.assign((1.0 - self.alpha) * self.key_memory + self.alpha * tf.reduce_mean(read, axis=0))
        return read


inputs = keras.Input(shape=(6,))
outputs = keras.layers.Dense(1)(MemoryLayer()(inputs))
model = keras.Model(inputs, outputs)
model.compile(optimizer="adam", loss="mse")

x = np.random.rand(32, 6).astype("float32")
y = np.random.rand(32, 1).astype("float32")
model.fit(x, y, epochs=1, batch_size=16, verbose=0)
print("[eval loss]", model.evaluate(x, y, verbose=0))
