"""The fix: tf.print is an op of the traced graph, so it prints the loss value at every
call of the train step instead of once at tracing."""

import sys

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
        tf.print("[loss]", loss, output_stream=sys.stdout)
    grads = tape.gradient(loss, [w, b])
    optimizer.apply_gradients(zip(grads, [w, b]))
    return loss


for step in range(5):
    train_step(x, y)
