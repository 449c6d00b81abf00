# SOURCE: https://github.com/tensorflow/tensorflow/issues/30112
# SYMPTOM: raises AttributeError
"""An image pipeline built with tf.data augments each decoded image in its map function with
Keras's ImageDataGenerator.random_transform: the map function gets a graph tensor, the NumPy
routine cannot run on it, and building the pipeline fails."""

import numpy as np
import tensorflow as tf

datagen = tf.keras.preprocessing.image.ImageDataGenerator(
    rotation_range=30, width_shift_range=0.1, horizontal_flip=True
)


def preprocess(image, label):
    image = tf.image.convert_image_dtype(image, tf.float32)
    image = datagen.random_transform(image)  # EXPECT: graph-incompatible/numpy-on-graph-tensor
    return image, label


images = np.random.RandomState(0).randint(0, 255, (8, 32, 32, 3)).astype("uint8")
labels = np.arange(8)
dataset = tf.data.Dataset.from_tensor_slices((images, labels)).map(preprocess).batch(4)
for batch_images, batch_labels in dataset:
    print(batch_images.shape)
