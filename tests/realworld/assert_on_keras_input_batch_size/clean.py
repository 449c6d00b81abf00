"""The functional model is built on the symbolic Input without assertions; the batch size is
checked on the real data before it is fed to the model."""

import tensorflow as tf

inputs = tf.keras.Input(shape=[5], batch_size=2)
outputs = tf.keras.layers.Dense(3)(inputs)
model = tf.keras.Model(inputs, outputs)
batch = tf.ones((2, 5))
tf.debugging.assert_equal(tf.shape(batch)[0], 2)
print(model(batch).shape)
