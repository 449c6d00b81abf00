# SOURCE: https://github.com/tensorflow/tensorflow/issues/29944
# SYMPTOM: raises ValueError
# ENV: TF_USE_LEGACY_KERAS=1
# DESCRIPTION: a least-squares objective is computed eagerly into a tensor and handed to optimizer.minimize; no tape recorded it, so minimize cannot differentiate it and refuses the tensor
"""Minimise ||A x - b||^2 over x with Adam."""

import numpy as np
import tensorflow as tf

N = 100
n = 4
np.random.seed(0)
A = tf.constant(np.random.randn(N, n))
b = tf.constant(np.random.randn(N, 1))
X = tf.Variable(np.random.randn(n, 1))

optimizer = tf.keras.optimizers.Adam(learning_rate=0.1)
for step in range(5):
    loss = tf.reduce_sum(tf.square(tf.matmul(A, X) - b))
    optimizer.minimize(loss, var_list=[X])  # EXPECT: api-misuse/minimize-given-loss-tensor
    print("[loss]", float(loss))
