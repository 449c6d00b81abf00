"""Per-image augmentation in a Python loop over a folder's images, before batching."""

import tensorflow as tf

PAYS = ["augment"]


def augment(image, strength):
    image = tf.image.flip_left_right(image)
    image = tf.image.adjust_brightness(image, 0.1 * strength)
    image = tf.image.adjust_contrast(image, 1.0 + 0.2 * strength)
    image = tf.image.adjust_saturation(image, 1.0 + strength)
    image = (image - tf.reduce_mean(image)) / (tf.math.reduce_std(image) + 1e-6)
    return tf.clip_by_value(image, -3.0, 3.0)


images = tf.reshape(tf.range(300 * 8 * 8 * 3, dtype=tf.float32) % 255.0 / 255.0, [300, 8, 8, 3])
strength = tf.constant(0.5)
augmented = [augment(images[i], strength) for i in range(300)]
