# SOURCE: https://github.com/tensorflow/tensorflow/issues/50694
# SYMPTOM: raises TypeError
# ENV: TF_USE_LEGACY_KERAS=1
# DESCRIPTION: tf.map_fn is applied directly to a symbolic Keras input to transform each row of the batch while a functional model is built; map_fn cannot take a Keras tensor, so the model cannot be built
"""A per-row transform in front of a functional model."""

import tensorflow as tf

inputs = tf.keras.layers.Input(shape=[1, 1, 3], batch_size=4, dtype=tf.double)
result = tf.map_fn(lambda x: x * 2.0, inputs)  # EXPECT: graph-incompatible/tf-op-on-keras-symbolic-tensor
outputs = tf.keras.layers.Flatten()(result)
model = tf.keras.Model(inputs, outputs)
print("[output]", model(tf.ones((4, 1, 1, 3), tf.double)).shape)
