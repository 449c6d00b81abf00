# SOURCE: https://github.com/srihari-humbarwadi/YOLOv1-TensorFlow2.0/issues/1
# SYMPTOM: raises AttributeError
# DESCRIPTION: a YOLO input pipeline's map function draws a random flip flag with tf.random.uniform(...).numpy()[0] and then flips the box labels by NumPy-style boolean-mask item assignment; Dataset.map traces the function, so the tensor has no .numpy() and cannot be assigned into
"""YOLO-style input pipeline: decode images, random horizontal flip of image and boxes."""

import os
import tempfile

import numpy as np
import tensorflow as tf

H, W = 32, 32
grid_size = [4, 4]
nclasses = 3

root = tempfile.mkdtemp()
train_images = []
for i in range(8):
    path = os.path.join(root, f"{i}.jpg")
    tf.io.write_file(path, tf.io.encode_jpeg(tf.cast(tf.random.uniform([40, 60, 3], 0, 255), tf.uint8)))
    train_images.append(path)
train_label_vectors = np.zeros([len(train_images), *grid_size, 5 + nclasses], dtype=np.float32)
train_label_vectors[:, 1, 2] = [1, 20.0, 12.0, 6.0, 8.0, 0, 1, 0]


def get_image(image_path, flip=0):
    img = tf.io.read_file(image_path)
    img = tf.image.decode_jpeg(img, channels=3)
    img = tf.cast(tf.image.resize(img, size=[H, W]), dtype=tf.float32)
    img = tf.image.random_brightness(img, max_delta=50.0)
    if flip:
        img = tf.image.flip_left_right(img)
    img = tf.clip_by_value(img, 0, 255)
    return img / 255.0


def flip_labels(labels, flip=0):
    if flip:
        temp = labels[labels[:, :, 0] == 1]
        temp[:, 1] = W - temp[:, 1]  # EXPECT: graph-incompatible/tensor-item-assignment
        labels[labels[:, :, 0] == 1] = temp
    return labels


def load_data(image_path, labels):
    flip = tf.cast(tf.random.uniform(shape=[1], minval=0, maxval=2, dtype=tf.int32), dtype=tf.bool).numpy()[0]  # EXPECT: graph-incompatible/numpy-call-in-dataset-map
    return get_image(image_path, flip=flip), flip_labels(labels, flip=flip)


train_dataset = tf.data.Dataset.from_tensor_slices((train_images, train_label_vectors))
train_dataset = train_dataset.shuffle(buffer_size=8).map(load_data).batch(4, drop_remainder=True)

for images, labels in train_dataset:
    print("[batch]", images.shape, labels.shape)
