"""The fix: build the layer once, call it inside."""

import tensorflow as tf

dense = tf.keras.layers.Dense(2)


@tf.function
def head(x):
    return dense(x)


head(tf.ones([1, 3]))
head(tf.ones([2, 3]))
