# SOURCE: https://github.com/snf/keras-fractalnet/issues/2
# SYMPTOM: distinct "path" < 2
"""A drop-path choice drawn with Python random when the graph is built: one path forever."""

import random

import tensorflow as tf


@tf.function
def fractal_block(x):
    path = random.randint(0, 3)  # EXPECT: TF805
    return x + path


for _ in range(6):
    print("path", float(fractal_block(tf.constant(0.0))))
