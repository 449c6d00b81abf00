"""The fix: the same loss in TensorFlow ops, on the tensor."""

import tensorflow as tf

weights = tf.Variable(tf.random.normal((3,)))
optimizer = tf.keras.optimizers.SGD(0.1)


def complicated_loss(scores):
    ranked = tf.sort(scores)
    return tf.reduce_sum(tf.square(ranked[1:] - ranked[:-1]))


features = tf.random.normal((10, 3))
with tf.GradientTape() as tape:
    scores = tf.linalg.matvec(features, weights)
    loss = complicated_loss(scores)
grads = tape.gradient(loss, [weights])
optimizer.apply_gradients(zip(grads, [weights]))
