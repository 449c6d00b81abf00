# SOURCE: https://openillumi.com/en/en-tf-data-combine-imagedatagenerator
# SYMPTOM: raises AttributeError
# ENV: TF_USE_LEGACY_KERAS=1
# DESCRIPTION: a tf.data map function hands the symbolic image tensor straight to ImageDataGenerator.random_transform, a NumPy routine that cannot run on a graph tensor
"""Keras ImageDataGenerator augmentation inside a tf.data pipeline."""

import tensorflow as tf

datagen = tf.keras.preprocessing.image.ImageDataGenerator(
    rotation_range=20, horizontal_flip=True, zoom_range=0.1
)
images = tf.random.uniform((8, 16, 16, 3))
labels = tf.range(8)


def augment(image, label):
    image = datagen.random_transform(image)  # EXPECT: graph-incompatible/numpy-on-graph-tensor
    return image, label


ds = tf.data.Dataset.from_tensor_slices((images, labels)).map(augment).batch(4)
for batch_images, batch_labels in ds:
    print(batch_images.shape)
