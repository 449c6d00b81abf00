"""The fix: read the size at run time with tf.shape."""

import os
import tempfile

import tensorflow as tf

folder = tempfile.mkdtemp()
files = []
for i, (h, w) in enumerate([(80, 96), (64, 72)]):
    path = os.path.join(folder, f"crop{i}.jpg")
    tf.io.write_file(path, tf.io.encode_jpeg(tf.cast(tf.random.uniform([h, w, 3], 0, 255), tf.uint8)))
    files.append(path)


def preprocess(file_name):
    x = tf.io.read_file(file_name)
    x = tf.io.decode_jpeg(x, channels=3)
    size = tf.shape(x)
    x = tf.image.resize(x, (size[0] // 2, size[1] // 2))
    x = tf.image.random_crop(x, (32, 32, 3))
    return x, tf.zeros_like(x)


ds = tf.data.Dataset.from_tensor_slices(files).map(preprocess).batch(1)
for x, y in ds:
    print("crop", x.shape)
