import numpy as np
import tensorflow as tf

IMAGE_SIZE = 32


def preprocess(image):
    image = tf.image.convert_image_dtype(image, dtype=tf.float32)
    image = tf.image.resize(image, size=(IMAGE_SIZE, IMAGE_SIZE))
    image = image * 2.0 - 1.0
    image.set_shape([IMAGE_SIZE, IMAGE_SIZE, 3])
    return image


raw = tf.constant(np.random.default_rng(38).integers(0, 256, (48, 48, 3)), tf.uint8)
out = preprocess(raw)
print("max pixel after preprocessing", float(tf.reduce_max(out)))
