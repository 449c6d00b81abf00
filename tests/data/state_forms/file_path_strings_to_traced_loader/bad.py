# SOURCE: https://www.tensorflow.org/guide/function
# SYMPTOM: traces >= 5
"""Images listed with glob are loaded by a traced function given each file's path as a Python
string: tf.function keys its traces on Python strings by value, so every file is a new trace."""

import glob
import os
import tempfile

import numpy as np
import tensorflow as tf

folder = tempfile.mkdtemp()
for i in range(6):
    tf.io.write_file(os.path.join(folder, f"{i}.png"), tf.io.encode_png(np.zeros((4, 4, 3), "uint8")))


@tf.function
def load_image(path):
    image = tf.io.decode_png(tf.io.read_file(path), channels=3)
    return tf.image.resize(image, (8, 8))


for path in sorted(glob.glob(os.path.join(folder, "*.png"))):
    load_image(path)  # EXPECT: TF501
