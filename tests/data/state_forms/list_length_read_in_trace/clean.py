"""The size is passed in as a tensor on every call: the graph reads the current one."""

import tensorflow as tf


class Buffer:
    def __init__(self):
        self.items = []

    def add(self, x):
        self.items.append(x)

    @tf.function
    def scale(self, x, size):
        return x * size


buffer = Buffer()
for i in range(3):
    buffer.add(i)
    print("size", float(buffer.scale(tf.constant(1.0), tf.constant(len(buffer.items), tf.float32))))
