# SOURCE: https://github.com/keras-team/keras/issues/16128
# SYMPTOM: number "[controller variables updated]" < 1
# DESCRIPTION: a memory layer's write controller computes erase/add vectors, writes them into non-trainable memory weights with .assign and then reads the memory back for its output; assign is not differentiable, so the controller gets no gradients and never trains
"""Key-value memory layer with a learned write controller, trained by a custom loop."""

import numpy as np
import tensorflow as tf
from tensorflow import keras


class MemoryLayer(keras.layers.Layer):
    def __init__(self, n_clusters=16, key_dims=8, name="memory_layer", **kwargs):
        super().__init__(name=name, **kwargs)
        self.n_clusters = n_clusters
        self.key_dims = key_dims
        self.write_controller = keras.layers.Dense(16, activation="relu", name=f"{name}_write_controller")
        self.key_erase_layer = keras.layers.Dense(key_dims, activation="sigmoid", name=f"{name}_key_erase")
        self.key_add_layer = keras.layers.Dense(key_dims, activation="tanh", name=f"{name}_key_add")
        self.key_memory = self.add_weight(
            shape=(n_clusters, key_dims), initializer="glorot_normal", trainable=False, name=f"{name}_key_memory"
        )

    def call(self, inputs):
        h = self.write_controller(inputs)
        erase = tf.reduce_mean(self.key_erase_layer(h), axis=0)
        add = tf.reduce_mean(self.key_add_layer(h), axis=0)
        self.key_memory.assign(self.key_memory * (1.0 - erase) + add)  # EXPECT: api-misuse/assign-in-differentiable-path
        scores = tf.nn.softmax(tf.matmul(inputs[:, : self.key_dims], self.key_memory, transpose_b=True))
        return tf.matmul(scores, self.key_memory)


memory = MemoryLayer()
head = keras.layers.Dense(1)
optimizer = keras.optimizers.Adam(1e-2)
x = np.random.rand(32, 8).astype("float32")
y = np.random.rand(32, 1).astype("float32")

memory(x)
head(memory(x))
controller_vars = (
    memory.write_controller.trainable_variables
    + memory.key_erase_layer.trainable_variables
    + memory.key_add_layer.trainable_variables
)
before = [v.numpy().copy() for v in controller_vars]


@tf.function
def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(head(memory(x)) - y))
    variables = controller_vars + head.trainable_variables
    grads = tape.gradient(loss, variables)
    optimizer.apply_gradients([(g, v) for g, v in zip(grads, variables) if g is not None])
    return loss


for _ in range(5):
    loss = train_step(x, y)
changed = sum(int(not np.allclose(b, v.numpy())) for b, v in zip(before, controller_vars))
print("[loss]", float(loss))
print("[controller variables updated]", changed)
