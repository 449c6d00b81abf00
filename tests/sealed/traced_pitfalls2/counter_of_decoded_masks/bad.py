# SOURCE: https://github.com/tensorflow/tensorflow/issues/28841
# SYMPTOM: number "decoded" < 5
# DESCRIPTION: a dataset map function increments a module-level Python counter to count processed examples, but the function body runs once while being traced, so the counter stops at one
"""Decoding PNG masks with a dataset pipeline and counting them."""

import numpy as np
import tensorflow as tf

counter = 0


def decode_png_mask(image_buffer):
    global counter
    counter += 1  # EXPECT: side-effect/python-state-mutated-in-traced-code
    image = tf.squeeze(tf.image.decode_png(image_buffer, channels=1), axis=2)
    return tf.cast(image > 0, tf.uint8)


masks = [tf.image.encode_png(np.random.randint(0, 2, (8, 8, 1)).astype("uint8")) for _ in range(5)]
dataset = tf.data.Dataset.from_tensor_slices(masks).map(decode_png_mask)
total = sum(int(tf.reduce_sum(mask)) for mask in dataset)
print("decoded", counter)
