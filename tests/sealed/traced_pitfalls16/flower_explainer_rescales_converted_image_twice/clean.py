import numpy as np
import tensorflow as tf

rng = np.random.default_rng(424)
jpeg = tf.io.encode_jpeg(tf.constant(rng.integers(0, 256, size=(48, 48, 3)), tf.uint8))


def preprocess(image_bytes):
    decoded = tf.io.decode_jpeg(image_bytes, channels=3)
    image = tf.image.convert_image_dtype(decoded, tf.float32)
    resized = tf.image.resize(image, [32, 32])
    return resized


pixels = preprocess(jpeg)
print("max pixel", float(tf.reduce_max(pixels)))
