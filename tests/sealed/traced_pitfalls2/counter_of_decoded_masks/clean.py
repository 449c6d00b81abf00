"""The fix: count the elements the pipeline yields, outside the traced map function."""

import numpy as np
import tensorflow as tf


def decode_png_mask(image_buffer):
    image = tf.squeeze(tf.image.decode_png(image_buffer, channels=1), axis=2)
    return tf.cast(image > 0, tf.uint8)


masks = [tf.image.encode_png(np.random.randint(0, 2, (8, 8, 1)).astype("uint8")) for _ in range(5)]
dataset = tf.data.Dataset.from_tensor_slices(masks).map(decode_png_mask)
counter = 0
for mask in dataset:
    counter += 1
print("decoded", counter)
