# SOURCE: https://github.com/keras-team/keras/issues/16107
# SYMPTOM: raises InaccessibleTensorError
# DESCRIPTION: a memory layer updates its memory by rebinding the attribute that held the memory weight (self.key_memory = ...) inside call; under fit the attribute then holds a tensor of one traced step, and the next traced function that reads it fails because the tensor belongs to another graph
"""Key-value memory layer inside a functional regression model, trained with fit."""

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
        self.key_memory = (1.0 - self.alpha) * self.key_memory + self.alpha * tf.reduce_mean(read, axis=0)  # EXPECT: leaked-tensor/layer-attribute-rebound-to-step-tensor
        return read


inputs = keras.Input(shape=(6,))
outputs = keras.layers.Dense(1)(MemoryLayer()(inputs))
model = keras.Model(inputs, outputs)
model.compile(optimizer="adam", loss="mse")

x = np.random.rand(32, 6).astype("float32")
y = np.random.rand(32, 1).astype("float32")
model.fit(x, y, epochs=1, batch_size=16, verbose=0)
print("[eval loss]", model.evaluate(x, y, verbose=0))
