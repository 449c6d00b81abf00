# SOURCE: https://github.com/tensorflow/tensorflow/issues/28247
# SYMPTOM: raises ValueError
# DESCRIPTION: a tf.data map function decodes image files with tf.io.decode_image and resizes the result, but in the traced map function the decoded image has no known rank, so the resize fails (it works eagerly)
"""Loads PNG files from disk and resizes them in a dataset."""

import os
import tempfile

import numpy as np
import tensorflow as tf

folder = tempfile.mkdtemp()
paths = []
for i in range(3):
    pixels = np.full((6 + i, 5, 3), 40 * i, dtype=np.uint8)
    path = os.path.join(folder, f"img{i}.png")
    tf.io.write_file(path, tf.io.encode_png(pixels))
    paths.append(path)


def load_image(path):
    image = tf.io.decode_image(tf.io.read_file(path))
    return tf.image.resize(image, (4, 4))  # EXPECT: graph-incompatible/decode-image-unknown-rank


dataset = tf.data.Dataset.from_tensor_slices(paths).map(load_image)
for image in dataset:
    print("image", image.shape)
