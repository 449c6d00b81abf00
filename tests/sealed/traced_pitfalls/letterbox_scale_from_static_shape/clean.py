"""The fix: compute the new size from tf.shape with TensorFlow ops."""

import numpy as np
import tensorflow as tf


def images():
    for h, w in [(300, 500), (480, 200), (416, 416)]:
        yield np.random.rand(h, w, 3).astype("float32")


def process_image(image, hw_dst=416):
    size = tf.cast(tf.shape(image)[:2], tf.float32)
    scales = hw_dst / tf.reduce_max(size)
    new_size = tf.cast(tf.round(size * scales), tf.int32)
    return tf.image.resize(image, new_size)


dataset = tf.data.Dataset.from_generator(images, output_signature=tf.TensorSpec([None, None, 3], tf.float32))
for image in dataset.map(process_image):
    print("resized", image.shape)
