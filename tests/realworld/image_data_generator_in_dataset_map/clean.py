"""The map function augments with Keras preprocessing layers, which run TensorFlow ops on the
graph tensor tf.data hands it."""

import numpy as np
import tensorflow as tf

augment = tf.keras.Sequential(
    [
        tf.keras.layers.RandomRotation(30 / 360),
        tf.keras.layers.RandomTranslation(0.0, 0.1),
        tf.keras.layers.RandomFlip("horizontal"),
    ]
)


def preprocess(image, label):
    image = tf.image.convert_image_dtype(image, tf.float32)
    image = augment(image, training=True)
    return image, label


images = np.random.RandomState(0).randint(0, 255, (8, 32, 32, 3)).astype("uint8")
labels = np.arange(8)
dataset = tf.data.Dataset.from_tensor_slices((images, labels)).map(preprocess).batch(4)
for batch_images, batch_labels in dataset:
    print(batch_images.shape)
