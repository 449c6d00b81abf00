# SOURCE: https://github.com/tensorflow/tensorflow/issues/39977
# SYMPTOM: raises NotImplementedError
# DESCRIPTION: a dataset map function converts the incoming file-path tensor with NumPy to decode it as a Python string, which a symbolic tensor in a traced map function cannot provide
"""Mapping a dataset of image paths to resized images, with NumPy-style helpers."""

import os
import tempfile

import numpy as np
import tensorflow as tf

folder = tempfile.mkdtemp()
paths = []
for i in range(3):
    path = os.path.join(folder, f"img_{i}.png")
    tf.io.write_file(path, tf.io.encode_png(tf.cast(tf.random.uniform([20, 30, 3], 0, 255), tf.uint8)))
    paths.append(path)


def load(image_path):
    images = np.array(image_path)  # EXPECT: graph-incompatible/numpy-on-graph-tensor
    raw = tf.io.read_file(images.item().decode("utf-8"))
    image = tf.image.decode_png(raw, channels=3)
    return tf.image.resize(image, [16, 16])


for image in tf.data.Dataset.from_tensor_slices(paths).map(load):
    print("image", image.shape)
