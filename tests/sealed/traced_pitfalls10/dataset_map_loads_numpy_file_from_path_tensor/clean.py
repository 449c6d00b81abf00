"""The fix: read the .npy file in Python through tf.numpy_function, which hands it real bytes."""

import os
import tempfile

import numpy as np
import tensorflow as tf

folder = tempfile.mkdtemp()
image_path = os.path.join(folder, "data.png")
series_path = os.path.join(folder, "data.npy")
tf.io.write_file(image_path, tf.io.encode_png(tf.zeros((8, 8, 3), tf.uint8)))
np.save(series_path, np.ones(16))


def read_series(path):
    return np.load(path.decode()).astype(np.float32)


def load(image_file, timeseries_file):
    image = tf.io.read_file(image_file)
    image = tf.image.decode_png(image)
    timeseries = tf.numpy_function(read_series, [timeseries_file], tf.float32)
    image = tf.cast(image, tf.float32)
    return image, timeseries


train_dataset = tf.data.Dataset.from_tensor_slices(([image_path], [series_path]))
train_dataset = train_dataset.map(load)
for image, timeseries in train_dataset:
    print("[loaded]", image.shape, timeseries.shape)
