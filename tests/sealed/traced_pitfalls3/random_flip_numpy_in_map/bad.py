# SOURCE: https://github.com/srihari-humbarwadi/YOLOv1-TensorFlow2.0/issues/2
# SYMPTOM: raises AttributeError
# DESCRIPTION: a detection data loader decides whether to flip each image by drawing a random tensor and converting it with .numpy() inside the dataset map function, which runs on symbolic tensors while it is traced
"""Loading images and boxes with a random horizontal flip."""

import numpy as np
import tensorflow as tf

images = np.random.rand(4, 16, 16, 3).astype("float32")
boxes = np.random.rand(4, 4).astype("float32")


def load_data(image, labels):
    flip = tf.cast(tf.random.uniform(shape=[1], minval=0, maxval=2, dtype=tf.int32), tf.bool).numpy()[0]  # EXPECT: graph-incompatible/numpy-on-graph-tensor
    if flip:
        image = tf.image.flip_left_right(image)
        labels = tf.stack([1.0 - labels[2], labels[1], 1.0 - labels[0], labels[3]])
    return image, labels


dataset = tf.data.Dataset.from_tensor_slices((images, boxes)).map(load_data)
print("batches", sum(1 for _ in dataset))
