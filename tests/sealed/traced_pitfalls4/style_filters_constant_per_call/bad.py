# SOURCE: https://github.com/machrisaa/stylenet/issues/6
# SYMPTOM: number "graph bytes" >= 1000000
# DESCRIPTION: a style-transfer script computes a bank of filters in NumPy for the output height and wraps it with tf.constant inside its decorated stylize function, so the filter bank is copied into the traced graph as a constant whose size grows with the image height
"""Stylizing an image with a bank of filters computed in NumPy."""

import numpy as np
import tensorflow as tf

HEIGHT = 256


def make_filters(height):
    return np.linspace(0.0, 1.0, height * height * 4, dtype="float32").reshape(height, height, 4)


@tf.function
def stylize(image):
    filters = tf.constant(make_filters(HEIGHT), tf.float32)  # EXPECT: graph-bloat/numpy-array-embedded-as-constant
    return tf.einsum("hw,hwc->hc", image, filters)


image = tf.random.uniform((HEIGHT, HEIGHT))
out = stylize(image)
graph = stylize.get_concrete_function(image).graph.as_graph_def()
print("out", out.shape)
print("graph bytes", len(graph.SerializeToString()))
