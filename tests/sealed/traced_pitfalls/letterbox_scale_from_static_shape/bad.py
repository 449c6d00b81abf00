# SOURCE: https://github.com/tensorflow/tensorflow/issues/40541
# SYMPTOM: raises TypeError
# DESCRIPTION: a resize-to-fit function in Dataset.map compares and divides the static height and width of images of varying size, which are None while tracing
"""Resizing images of different sizes so that the longer side fits a detector input."""

import numpy as np
import tensorflow as tf


def images():
    for h, w in [(300, 500), (480, 200), (416, 416)]:
        yield np.random.rand(h, w, 3).astype("float32")


def process_image(image, hw_dst=416):
    h_src, w_src = image.shape[:2]  # EXPECT: graph-incompatible/static-shape-with-none-dimension
    if h_src > w_src:
        scales = hw_dst / h_src
        h_resize, w_resize = hw_dst, int(w_src * scales)
    else:
        scales = hw_dst / w_src
        h_resize, w_resize = int(h_src * scales), hw_dst
    return tf.image.resize(image, [h_resize, w_resize])


dataset = tf.data.Dataset.from_generator(images, output_signature=tf.TensorSpec([None, None, 3], tf.float32))
for image in dataset.map(process_image):
    print("resized", image.shape)
