# SOURCE: https://github.com/tensorflow/tensorflow/issues/45984
# SYMPTOM: traces >= 4
"""Adaptive average pooling: a fixed-size output from inputs of any spatial size."""

import tensorflow as tf


class AdaptiveAveragePooling(tf.Module):
    def __init__(self, output_size):
        super().__init__()
        self.output_size = output_size

    @tf.function  # EXPECT: retracing/shape-varies-between-calls
    def __call__(self, inputs):
        return tf.image.resize(inputs, self.output_size, method="area")


pool = AdaptiveAveragePooling((2, 2))
for height, width in ((8, 8), (12, 10), (6, 14), (16, 9), (10, 12)):
    pool(tf.reshape(tf.range(height * width * 2, dtype=tf.float32), [1, height, width, 2]))
