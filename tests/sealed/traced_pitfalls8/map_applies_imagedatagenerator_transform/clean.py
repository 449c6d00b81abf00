"""The fix: run the NumPy augmentation through tf.numpy_function and restore the static shape."""

import tensorflow as tf

datagen = tf.keras.preprocessing.image.ImageDataGenerator(
    rotation_range=20, horizontal_flip=True, zoom_range=0.1
)
images = tf.random.uniform((8, 16, 16, 3))
labels = tf.range(8)


def augment(image, label):
    augmented = tf.numpy_function(datagen.random_transform, [image], tf.float32)
    augmented.set_shape(image.shape)
    return augmented, label


ds = tf.data.Dataset.from_tensor_slices((images, labels)).map(augment).batch(4)
for batch_images, batch_labels in ds:
    print(batch_images.shape)
