"""The fix: compute with the scaled weights as tensors (a functional forward pass), so the
tape records the path from the factor to the loss."""

import tensorflow as tf

learner = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(2)])
batch = tf.random.normal((8, 4))
labels = tf.one_hot([0, 1, 0, 1, 0, 1, 0, 1], 2)
l = tf.constant(0.1)
with tf.GradientTape() as gt:
    gt.watch(l)
    kernel, bias = [w * l for w in learner.weights]
    y_pred = tf.matmul(batch, kernel) + bias
    loss = tf.keras.losses.categorical_crossentropy(labels, y_pred, from_logits=True)
grads = gt.gradient(loss, l)
print("gradient norm", float(tf.norm(grads)))
