# SOURCE: https://github.com/tensorflow/tensorflow/issues/41335
# SYMPTOM: raises ValueError
# DESCRIPTION: an image pipeline batches the dataset of file paths before mapping a per-file preprocessing function, so tf.io.read_file is traced with a batch of paths instead of one scalar path
import os
import tempfile

import numpy as np
import tensorflow as tf

folder = tempfile.mkdtemp()
images = []
for i in range(6):
    pixels = np.random.randint(0, 255, size=(32, 32, 3), dtype=np.uint8)
    path = os.path.join(folder, f"img_{i}.png")
    tf.io.write_file(path, tf.io.encode_png(pixels))
    images.append(path)


def preprocessing(path):
    raw = tf.io.read_file(path)
    image = tf.io.decode_png(raw, channels=3)
    image = tf.image.resize(image, (64, 64)) / 255.0
    return image


def train(dataset):
    for batch in dataset:
        print("batch", batch.shape)


dataset = tf.data.Dataset.from_tensor_slices((images))
train(dataset.batch(2).map(preprocessing))  # EXPECT: api-misuse/per-element-map-after-batch
