"""An input signature on the method: height and width left open."""

import tensorflow as tf


class AdaptiveAveragePooling(tf.Module):
    def __init__(self, output_size):
        super().__init__()
        self.output_size = output_size

    @tf.function(input_signature=[tf.TensorSpec([1, None, None, 2], tf.float32)])
    def __call__(self, inputs):
        return tf.image.resize(inputs, self.output_size, method="area")


pool = AdaptiveAveragePooling((2, 2))
for height, width in ((8, 8), (12, 10), (6, 14), (16, 9), (10, 12)):
    pool(tf.reshape(tf.range(height * width * 2, dtype=tf.float32), [1, height, width, 2]))
