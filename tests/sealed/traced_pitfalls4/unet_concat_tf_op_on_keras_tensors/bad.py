# SOURCE: https://github.com/adalca/neurite/pull/91
# SYMPTOM: raises ValueError
# DESCRIPTION: a functional image-registration network joins two convolution branches with tf.concat directly on the Keras symbolic tensors while building the model, instead of a Keras layer, which Keras 3 refuses because a symbolic placeholder cannot enter a TensorFlow op
"""Merging two convolution branches of a small registration network."""

import numpy as np
import tensorflow as tf

source = tf.keras.Input((16, 16, 1))
branch_a = tf.keras.layers.Conv2D(4, 3, padding="same")(source)
branch_b = tf.keras.layers.Conv2D(4, 3, padding="same")(source)
merged = tf.concat([branch_a, branch_b], axis=-1)  # EXPECT: graph-incompatible/tf-op-on-keras-symbolic-tensor
flow = tf.keras.layers.Conv2D(2, 3, padding="same")(merged)
model = tf.keras.Model(source, flow)
print("flow", model.predict(np.random.rand(2, 16, 16, 1), verbose=0).shape)
