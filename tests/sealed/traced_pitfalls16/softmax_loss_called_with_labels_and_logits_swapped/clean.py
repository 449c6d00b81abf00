import numpy as np
import tensorflow as tf

rng = np.random.default_rng(5)
features = tf.constant(rng.normal(size=(8, 6)), tf.float32)
target_data = tf.constant(rng.integers(0, 11, size=8), tf.int32)
dense = tf.keras.layers.Dense(11)

logits = dense(features)
losses = tf.nn.sparse_softmax_cross_entropy_with_logits(labels=target_data, logits=logits)
print("loss", float(tf.reduce_mean(losses)))
