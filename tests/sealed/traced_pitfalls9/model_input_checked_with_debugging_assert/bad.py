# SOURCE: https://github.com/tensorflow/tensorflow/issues/44313
# SYMPTOM: raises TypeError
# ENV: TF_USE_LEGACY_KERAS=1
# DESCRIPTION: a functional model validates its symbolic input with tf.debugging.Assert while the graph of layers is being built; the Assert op is not a tensor a layer can return, so the model cannot be built
"""Reject negative inputs before the dense head."""

import tensorflow as tf

inputs = tf.keras.Input(shape=(3,))
tf.debugging.Assert(tf.reduce_all(inputs >= 0), [inputs])  # EXPECT: graph-incompatible/tf-op-on-keras-symbolic-tensor
outputs = tf.keras.layers.Dense(1)(inputs)
model = tf.keras.Model(inputs, outputs)
print("[output]", model(tf.ones((4, 3))).shape)
