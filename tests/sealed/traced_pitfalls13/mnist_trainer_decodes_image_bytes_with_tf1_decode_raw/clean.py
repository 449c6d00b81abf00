import numpy as np
import tensorflow as tf

rng = np.random.default_rng(21)
raw_images = [rng.integers(0, 256, size=28 * 28, dtype=np.uint8).tobytes() for _ in range(8)]


def read_image(tf_bytestring):
    image = tf.io.decode_raw(tf_bytestring, tf.uint8)
    image = tf.cast(image, tf.float32) / 255.0
    return tf.reshape(image, [28 * 28])


dataset = tf.data.Dataset.from_tensor_slices(raw_images).map(read_image).batch(4)
for batch in dataset:
    print("batch", batch.shape)
