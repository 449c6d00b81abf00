# SOURCE: https://github.com/tensorflow/tensorflow/issues/35725
# SYMPTOM: lines "[loss]" < 5
# DESCRIPTION: to debug training the author prints the loss with Python print inside the GradientTape block of a tf.function train step; it prints a symbolic Tensor("Identity...") once, at tracing, and nothing on the following steps
"""Fit a linear model with a custom training step, printing the loss to debug it."""

import numpy as np
import tensorflow as tf

w = tf.Variable(tf.zeros((3, 1)))
b = tf.Variable(0.0)
optimizer = tf.keras.optimizers.SGD(0.1)

x = np.random.rand(64, 3).astype("float32")
y = x @ np.array([[1.0], [-2.0], [0.5]], dtype="float32") + 0.3


@tf.function
def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = tf.matmul(x, w) + b
        loss = tf.reduce_mean(tf.square(pred - y))
        print("[loss]", loss)  # EXPECT: side-effect/python-print-in-traced-function
    grads = tape.gradient(loss, [w, b])
    optimizer.apply_gradients(zip(grads, [w, b]))
    return loss


for step in range(5):
    train_step(x, y)
