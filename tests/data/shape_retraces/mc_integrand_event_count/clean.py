"""The fix from the review: an input signature, the number of events left open."""

import tensorflow as tf

MASS = tf.constant(1.7)


@tf.function(input_signature=[tf.TensorSpec(shape=[None, 2], dtype=tf.float32)])
def integrand(xarr):
    energy = MASS + 10.0 * xarr[:, 0]
    angle = tf.cos(3.14159 * xarr[:, 1])
    return tf.exp(-energy / 4.0) * (1.0 + angle**2) / energy


total = 0.0
for events in (100, 160, 130, 220, 90):
    xarr = tf.random.stateless_uniform([events, 2], seed=[events, 7])
    total += float(tf.reduce_mean(integrand(xarr)))
print("integral", total / 5)
