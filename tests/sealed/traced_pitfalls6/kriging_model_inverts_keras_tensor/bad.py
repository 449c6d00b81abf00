# SOURCE: https://github.com/czwchenzhun/tfinterpy/pull/4
# SYMPTOM: raises ValueError
# DESCRIPTION: a kriging interpolator built as a functional model inverts its covariance matrix with a TensorFlow linear-algebra op applied directly to the symbolic Keras tensor
"""Ordinary kriging weights computed by a small functional model."""

import keras
import tensorflow as tf

N = 5

covariance = keras.Input((N, N))
target_cov = keras.Input((N, 1))
inverse = tf.linalg.inv(covariance)  # EXPECT: graph-incompatible/tf-op-on-keras-symbolic-tensor
weights = keras.layers.Lambda(lambda t: tf.matmul(t[0], t[1]))([inverse, target_cov])
model = keras.Model([covariance, target_cov], weights)
print("weights", model.output.shape)
