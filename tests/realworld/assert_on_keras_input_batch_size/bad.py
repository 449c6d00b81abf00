# SOURCE: https://github.com/tensorflow/tensorflow/issues/41627
# SYMPTOM: raises TypeError
# ENV: TF_USE_LEGACY_KERAS=1
"""While a functional model is built, the batch size of its symbolic Input is checked with
tf.debugging.assert_equal: Keras cannot wrap the assertion (an operation, not a tensor) as a
layer on a Keras tensor, and building the model fails."""

import tensorflow as tf

inputs = tf.keras.Input(shape=[5], batch_size=2)
batch_size = tf.shape(inputs)[0]
tf.debugging.assert_equal(batch_size, 2)  # EXPECT: graph-incompatible/tf-op-on-keras-symbolic-tensor
outputs = tf.keras.layers.Dense(3)(inputs)
model = tf.keras.Model(inputs, outputs)
print(model(tf.ones((2, 5))).shape)
