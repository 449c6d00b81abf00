# SOURCE: https://github.com/tensorflow/tensorflow/issues/53911
# SYMPTOM: raises OperatorNotAllowedInGraphError
# DESCRIPTION: a tf.data map function builds a dictionary of per-channel statistics with a Python comprehension that iterates over the channels of the image tensor, which the traced map function cannot do
"""Adds per-channel means to each image of a dataset."""

import numpy as np
import tensorflow as tf


def with_channel_stats(image):
    channels = tf.transpose(image, (2, 0, 1))
    stats = {f"mean_{i}": tf.reduce_mean(c) for i, c in enumerate(channels)}  # EXPECT: graph-incompatible/tensor-iterated-in-comprehension
    return {"image": image, **stats}


images = np.random.default_rng(0).random((4, 5, 5, 3)).astype("float32")
dataset = tf.data.Dataset.from_tensor_slices(images).map(with_channel_stats)
for element in dataset.take(2):
    print("mean_0", float(element["mean_0"]))
