# SOURCE: https://openillumi.com/?p=89431
# SYMPTOM: raises OperatorNotAllowedInGraphError
# DESCRIPTION: a compiled image function centres every patch with a list comprehension that loops over tensor ranges, and AutoGraph does not convert comprehensions, so iterating the tensor range is refused in the graph
"""Mean-centres the patches extracted from an image batch."""

import tensorflow as tf


@tf.function
def centre_patches(images):
    patches = tf.image.extract_patches(images, [1, 2, 2, 1], [1, 2, 2, 1], [1, 1, 1, 1], "VALID")
    s = tf.shape(patches)
    centred = [
        patches[0][x][y] - tf.reduce_mean(patches[0][x][y])
        for y in tf.range(s[2])  # EXPECT: graph-incompatible/tensor-iterated-in-comprehension
        for x in tf.range(s[1])  # EXPECT: graph-incompatible/tensor-iterated-in-comprehension
    ]
    return tf.stack(centred)


images = tf.reshape(tf.range(32, dtype=tf.float32), [1, 4, 4, 2])
print("centred", centre_patches(images).shape)
