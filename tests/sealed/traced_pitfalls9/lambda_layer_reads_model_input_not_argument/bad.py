# SOURCE: https://github.com/tensorflow/tensorflow/issues/36499
# SYMPTOM: raises NotImplementedError
# DESCRIPTION: the function of a Lambda layer computes tf.shape of the model's Input tensor captured from the enclosing scope instead of its own argument; that symbolic tensor leaks into the layer's traced call, where it has no value, and the model cannot be built
"""A constant-valued output column, one row per input example."""

import numpy as np
import keras
import tensorflow as tf

X = keras.Input((1,))
X2 = keras.layers.Lambda(lambda x: tf.fill((tf.shape(X)[0], 1), 2.5))(X)  # EXPECT: leaked-tensor/keras-symbolic-tensor-captured-in-lambda
model = keras.Model(inputs=X, outputs=X2)
print("[prediction]", model.predict(np.random.RandomState(0).randn(10, 1), verbose=0)[:2].tolist())
