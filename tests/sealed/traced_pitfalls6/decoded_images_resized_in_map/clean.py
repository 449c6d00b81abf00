"""The fix: decode_image with expand_animations=False returns a 3-D image of known rank."""

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
    image = tf.io.decode_image(tf.io.read_file(path), channels=3, expand_animations=False)
    return tf.image.resize(image, (4, 4))


dataset = tf.data.Dataset.from_tensor_slices(paths).map(load_image)
for image in dataset:
    print("image", image.shape)
