# SOURCE: https://github.com/tensorflow/tensorflow/issues/41627
# SYMPTOM: raises TypeError
# ENV: TF_USE_LEGACY_KERAS=1
# DESCRIPTION: while a functional model is built, tf.debugging.assert_equal is applied to the batch size of the symbolic Keras input; the assertion op cannot be wrapped as a layer on a Keras tensor, and building fails
"""A model that insists on a batch of two."""

import tensorflow as tf

x = tf.keras.Input(shape=[5], batch_size=2)
batch_size = tf.shape(x)[0]
tf.debugging.assert_equal(batch_size, 2)  # EXPECT: graph-incompatible/tf-op-on-keras-symbolic-tensor
y = tf.keras.layers.Dense(3)(x)
model = tf.keras.Model(x, y)
print("[output]", model(tf.ones((2, 5))).shape)
