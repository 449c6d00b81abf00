# SOURCE: https://github.com/tensorflow/tensorflow/issues/50111
# SYMPTOM: raises ValueError
"""A hand-written loss that works on NumPy arrays: the tensor is converted with `.numpy()` before
it is passed to the loss, so no gradient reaches the variable."""

import numpy as np
import tensorflow as tf

weights = tf.Variable(tf.random.normal((3,)))
optimizer = tf.keras.optimizers.SGD(0.1)


def complicated_loss(scores):
    ranked = np.sort(scores)
    return tf.constant(np.sum(np.diff(ranked) ** 2), tf.float32)


features = tf.random.normal((10, 3))
with tf.GradientTape() as tape:
    scores = tf.linalg.matvec(features, weights)
    loss = complicated_loss(scores.numpy())  # EXPECT: TF914
grads = tape.gradient(loss, [weights])
optimizer.apply_gradients(zip(grads, [weights]))
