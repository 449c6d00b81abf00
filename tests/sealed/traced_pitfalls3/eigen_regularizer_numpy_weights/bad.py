# SOURCE: https://github.com/keras-team/keras/issues/10828
# SYMPTOM: raises Exception
# DESCRIPTION: a custom weight regularizer computes the largest eigenvalue of a product of two layers' kernels with NumPy, but regularization losses are computed inside the traced training step, where the kernels are read as symbolic tensors that NumPy cannot take
"""Penalising the spectral radius of two stacked kernels with a NumPy eigen-decomposition."""

import numpy as np
import tensorflow as tf

d1 = tf.keras.layers.Dense(4, use_bias=False)
d2 = tf.keras.layers.Dense(4, use_bias=False)
inputs = tf.keras.Input((4,))
outputs = d2(d1(inputs))
model = tf.keras.Model(inputs, outputs)


def eig_penalty():
    w = np.dot(d1.kernel, d2.kernel)  # EXPECT: graph-incompatible/numpy-on-graph-tensor
    return float(np.max(np.abs(np.linalg.eigvals(w))))


model.add_loss(eig_penalty)
model.compile(optimizer="adam", loss="mse")
x = np.random.rand(8, 4).astype("float32")
model.fit(x, x, batch_size=4, epochs=1, verbose=0)
print("trained")
