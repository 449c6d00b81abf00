# SOURCE: https://github.com/tensorflow/tensorflow/issues/37444
# SYMPTOM: raises InaccessibleTensorError
# DESCRIPTION: differently sized resized images are appended to a Python list inside a loop over tf.range and read after the loop
"""Multi-scale image pyramid built in a traced function."""

import tensorflow as tf

SCALES = tf.constant([0.5, 0.75, 1.0])


@tf.function
def pyramid(images):
    size = tf.cast(tf.shape(images)[1:3], tf.float32)
    levels = []
    for i in tf.range(3):
        new_size = tf.cast(size * SCALES[i], tf.int32)
        levels.append(tf.image.resize(images, new_size))  # EXPECT: leaked-tensor/list-append-in-tensor-loop
    return [tf.reduce_mean(level) for level in levels]


images = tf.random.uniform([2, 32, 32, 3])
print("means", [float(m) for m in pyramid(images)])
