"""The fix: call a Keras layer (Concatenate) on the symbolic tensors."""

import numpy as np
import tensorflow as tf

source = tf.keras.Input((16, 16, 1))
branch_a = tf.keras.layers.Conv2D(4, 3, padding="same")(source)
branch_b = tf.keras.layers.Conv2D(4, 3, padding="same")(source)
merged = tf.keras.layers.Concatenate(axis=-1)([branch_a, branch_b])
flow = tf.keras.layers.Conv2D(2, 3, padding="same")(merged)
model = tf.keras.Model(source, flow)
print("flow", model.predict(np.random.rand(2, 16, 16, 1), verbose=0).shape)
