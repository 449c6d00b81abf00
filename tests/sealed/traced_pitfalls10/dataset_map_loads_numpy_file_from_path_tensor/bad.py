# SOURCE: https://github.com/tensorflow/tensorflow/issues/29972
# SYMPTOM: raises AttributeError
# DESCRIPTION: a dataset map function decodes its file-path element as Python bytes and hands it to numpy's file loader; inside the map the element is a symbolic string tensor, so the pipeline cannot be built
"""Pair each image with a time series saved as a .npy file."""

import os
import tempfile

import numpy as np
import tensorflow as tf

folder = tempfile.mkdtemp()
image_path = os.path.join(folder, "data.png")
series_path = os.path.join(folder, "data.npy")
tf.io.write_file(image_path, tf.io.encode_png(tf.zeros((8, 8, 3), tf.uint8)))
np.save(series_path, np.ones(16))


def load(image_file, timeseries_file):
    image = tf.io.read_file(image_file)
    image = tf.image.decode_png(image)
    timeseries = np.load(timeseries_file.decode())  # EXPECT: graph-incompatible/python-file-io-on-symbolic-path
    timeseries = tf.convert_to_tensor(timeseries, np.float32)
    image = tf.cast(image, tf.float32)
    return image, timeseries


train_dataset = tf.data.Dataset.from_tensor_slices(([image_path], [series_path]))
train_dataset = train_dataset.map(load)
for image, timeseries in train_dataset:
    print("[loaded]", image.shape, timeseries.shape)
