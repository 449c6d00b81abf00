# SOURCE: https://github.com/keras-team/keras/issues/15360
# SYMPTOM: raises InaccessibleTensorError
"""A custom layer loops over the batch with tf.range and appends each row's result to a list."""

import tensorflow as tf


@tf.function
def weighted(inputs):
    rows = []
    for b in tf.range(tf.shape(inputs)[0]):
        rows.append(tf.reduce_sum(inputs[b]))  # EXPECT: TF302
    return tf.stack(rows)


weighted(tf.ones([4, 3]))
