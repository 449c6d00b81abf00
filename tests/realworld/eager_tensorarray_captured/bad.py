# SOURCE: https://github.com/tensorflow/tensorflow/issues/40276
# SYMPTOM: raises Exception
"""A TensorArray made eagerly is written by a tf.function that captures it."""

import tensorflow as tf

accumulator = tf.TensorArray(tf.float32, size=0, dynamic_size=True)


@tf.function
def collect(values):
    result = accumulator
    for index in tf.range(tf.shape(values)[0]):
        result = result.write(index, values[index])  # EXPECT: TF893
    return result.concat()


print("collected", collect(tf.constant([[1.0], [2.0]])).numpy().tolist())
