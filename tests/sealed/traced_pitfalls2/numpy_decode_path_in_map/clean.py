"""The fix: read the file from the path tensor directly with TensorFlow ops."""

import os
import tempfile

import tensorflow as tf

folder = tempfile.mkdtemp()
paths = []
for i in range(3):
    path = os.path.join(folder, f"img_{i}.png")
    tf.io.write_file(path, tf.io.encode_png(tf.cast(tf.random.uniform([20, 30, 3], 0, 255), tf.uint8)))
    paths.append(path)


def load(image_path):
    raw = tf.io.read_file(image_path)
    image = tf.image.decode_png(raw, channels=3)
    return tf.image.resize(image, [16, 16])


for image in tf.data.Dataset.from_tensor_slices(paths).map(load):
    print("image", image.shape)
