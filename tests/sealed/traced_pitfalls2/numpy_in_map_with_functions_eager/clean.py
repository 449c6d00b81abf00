"""The fix: express the preprocessing with TensorFlow ops, which work traced or not."""

import tensorflow as tf

tf.config.run_functions_eagerly(True)


def non_negative(x):
    return tf.maximum(x, 0.0)


dataset = tf.data.Dataset.from_tensor_slices([1.0, -1.0]).map(non_negative)
print("values", [float(v) for v in dataset])
