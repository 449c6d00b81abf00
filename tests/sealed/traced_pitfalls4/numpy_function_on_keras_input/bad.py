# SOURCE: https://github.com/tensorflow/tensorflow/issues/43542
# SYMPTOM: raises ValueError
# DESCRIPTION: a functional model applies a NumPy feature transform to its symbolic Keras input through tf.numpy_function while the model is being built, instead of inside a layer, so the symbolic placeholder is handed to a TensorFlow op and model construction fails
"""A NumPy feature transform in front of a small regression head."""

import numpy as np
import tensorflow as tf

x = tf.keras.Input((2,))
features = tf.numpy_function(np.sin, [x], tf.float32)  # EXPECT: graph-incompatible/tf-op-on-keras-symbolic-tensor
model = tf.keras.Model(x, tf.keras.layers.Dense(1)(features))
print("out", model.predict(np.random.rand(4, 2).astype("float32"), verbose=0).shape)
