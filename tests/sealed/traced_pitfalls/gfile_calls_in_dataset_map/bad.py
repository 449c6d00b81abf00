# SOURCE: https://github.com/tensorflow/tensorflow/issues/31957
# SYMPTOM: raises TypeError
# DESCRIPTION: a function given to Dataset.map calls Python file-system helpers (tf.io.gfile) with string tensors to create folders and check files, but those helpers need Python strings and run only while tracing
"""Storing downloaded images into one folder per label with a tf.data pipeline."""

import os
import tempfile

import tensorflow as tf

OUT = tempfile.mkdtemp()


def store(name, label, image):
    folder = tf.strings.join([OUT, label], separator=os.sep)
    path = tf.strings.join([folder, name], separator=os.sep)
    tf.io.gfile.makedirs(folder)  # EXPECT: graph-incompatible/python-file-api-on-tensor|side-effect/file-system-call-in-traced-code
    if not tf.io.gfile.exists(path):  # EXPECT: graph-incompatible/python-file-api-on-tensor|side-effect/file-system-call-in-traced-code
        tf.io.write_file(path, tf.io.encode_png(image))
    return path


names = ["a.png", "b.png", "c.png"]
labels = ["cat", "dog", "cat"]
images = tf.cast(tf.random.uniform([3, 8, 8, 3], 0, 255), tf.uint8)
for path in tf.data.Dataset.from_tensor_slices((names, labels, images)).map(store):
    print("stored", path.numpy().decode().split(os.sep)[-2:])
