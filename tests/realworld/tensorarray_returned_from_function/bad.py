# SOURCE: https://github.com/tensorflow/tensorflow/issues/34683
# SYMPTOM: raises AttributeError
"""A tf.function returns a TensorArray: the caller gets a variant tensor, not the array."""

import tensorflow as tf


@tf.function
def build_array(values):
    array = tf.TensorArray(tf.float32, size=2)
    array = array.write(0, values[0]).write(1, values[1])
    return array  # EXPECT: TF862


result = build_array(tf.constant([1.0, 2.0]))
print("concat", result.concat().numpy().tolist())
