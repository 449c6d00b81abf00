# SOURCE: https://github.com/tensorflow/tensorflow/issues/28841
# SYMPTOM: number "[counter]" < 2
# DESCRIPTION: the author checks that Dataset.map processes every example by incrementing a Python global counter inside the parse function; the function is traced once, so the counter ends at 1 although every example was decoded
"""Decode PNG segmentation masks from serialized examples and count them."""

import numpy as np
import tensorflow as tf

counter = 0


def decode_png_mask(image_buffer):
    """Takes a string of bytes encoding a PNG and produces a tensor image."""
    image = tf.squeeze(tf.image.decode_image(image_buffer, channels=1), axis=2)
    image.set_shape([None, None])
    return tf.cast(tf.greater(image, 0), tf.uint8)


def parse_example(serialized):
    global counter
    counter += 1  # EXPECT: side-effect/python-global-mutated-in-dataset-map
    features = tf.io.parse_single_example(
        serialized, {"image/mask": tf.io.FixedLenFeature([], tf.string), "image/label": tf.io.FixedLenFeature([], tf.int64)}
    )
    return decode_png_mask(features["image/mask"]), features["image/label"]


def make_example(i):
    mask = (np.random.rand(8, 8, 1) > 0.5).astype(np.uint8) * 255
    png = tf.io.encode_png(mask).numpy()
    return tf.train.Example(
        features=tf.train.Features(
            feature={
                "image/mask": tf.train.Feature(bytes_list=tf.train.BytesList(value=[png])),
                "image/label": tf.train.Feature(int64_list=tf.train.Int64List(value=[i % 3])),
            }
        )
    ).SerializeToString()


records = [make_example(i) for i in range(12)]
dataset = tf.data.Dataset.from_tensor_slices(records).map(parse_example)
masks = [mask for mask, label in dataset]
print("[decoded]", len(masks))
print("[counter]", counter)
