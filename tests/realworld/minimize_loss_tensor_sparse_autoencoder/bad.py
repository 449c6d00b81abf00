# SOURCE: https://github.com/jadhavhninad/Sparse_autoencoder/issues/3
# SYMPTOM: raises ValueError
"""A sparse autoencoder ported from TF1: its cost is computed eagerly into a tensor and handed to
the Keras 2 optimizer's `minimize` with the weight list, as the graph-era `train_step` was; in
TF2 `minimize` needs a callable (or the tape), and raises."""

import numpy as np
import tensorflow as tf
import tf_keras as keras

rng = np.random.RandomState(0)
data = rng.rand(64, 16).astype("float32")
w_enc = tf.Variable(rng.randn(16, 4).astype("float32") * 0.1)
w_dec = tf.Variable(rng.randn(4, 16).astype("float32") * 0.1)
weight_list = [w_enc, w_dec]
optimizer = keras.optimizers.Adam(0.01)

hidden = tf.sigmoid(data @ w_enc)
rho_hat = tf.reduce_mean(hidden, axis=0)
sparsity = tf.reduce_sum(0.05 * tf.math.log(0.05 / rho_hat))
cost = tf.reduce_mean(tf.square(hidden @ w_dec - data)) + 0.1 * sparsity
train_step = optimizer.minimize(cost, var_list=weight_list)  # EXPECT: TF936
print("cost", float(cost))
