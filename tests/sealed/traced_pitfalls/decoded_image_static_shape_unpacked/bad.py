# SOURCE: https://github.com/tensorflow/tensorflow/issues/62183
# SYMPTOM: raises TypeError
# DESCRIPTION: a Dataset.map function unpacks the static shape of a decoded JPEG, whose dimensions are all None while the function is traced, and does arithmetic with them
"""Half-size random crops of JPEG files read by a tf.data pipeline."""

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
    x = tf.io.decode_jpeg(x)
    nrows, ncols, _ = x.shape  # EXPECT: graph-incompatible/static-shape-with-none-dimension
    x = tf.image.resize(x, (nrows // 2, ncols // 2))
    x = tf.image.random_crop(x, (32, 32, 3))
    return x, tf.zeros_like(x)


ds = tf.data.Dataset.from_tensor_slices(files).map(preprocess).batch(1)
for x, y in ds:
    print("crop", x.shape)
