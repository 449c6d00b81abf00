# SOURCE: https://github.com/tensorflow/tensorflow/issues/37522
# SYMPTOM: raises AttributeError
# DESCRIPTION: a training step that converts its batch loss to a NumPy value to keep a running log works eagerly, but once the step is decorated the loss is a symbolic graph tensor without a numpy method and tracing fails
"""A custom training step that keeps a Python log of the loss."""

import numpy as np
import tensorflow as tf

model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(1)])
optimizer = tf.keras.optimizers.SGD(0.1)
history = []


@tf.function
def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x) - y))
    grads = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    return loss.numpy()  # EXPECT: graph-incompatible/numpy-on-graph-tensor


for _ in range(3):
    history.append(train_step(tf.random.uniform((8, 3)), tf.random.uniform((8, 1))))
print("losses", len(history))
