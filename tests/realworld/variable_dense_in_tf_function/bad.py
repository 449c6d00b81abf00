# SOURCE: https://github.com/tensorflow/tensorflow/issues/27120
# SYMPTOM: raises ValueError
"""A Keras layer is constructed inside the traced function, which is then retraced."""

import tensorflow as tf


@tf.function
def head(x):
    return tf.keras.layers.Dense(2)(x)  # EXPECT: TF401


head(tf.ones([1, 3]))
head(tf.ones([2, 3]))
