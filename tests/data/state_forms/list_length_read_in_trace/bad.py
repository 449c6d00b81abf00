# SOURCE: https://www.tensorflow.org/guide/function
# SYMPTOM: distinct "size" < 3
"""A traced update reads len() of a Python list attribute that grows between calls."""

import tensorflow as tf


class Buffer:
    def __init__(self):
        self.items = []

    def add(self, x):
        self.items.append(x)

    @tf.function
    def scale(self, x):
        return x * len(self.items)  # EXPECT: TF602


buffer = Buffer()
for i in range(3):
    buffer.add(i)
    print("size", float(buffer.scale(tf.constant(1.0))))
