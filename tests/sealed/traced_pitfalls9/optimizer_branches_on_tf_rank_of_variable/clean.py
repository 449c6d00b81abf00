"""The fix: branch on the static rank (gradient.shape.rank), a Python int, so only the matching branch is traced."""

import numpy as np
import keras
import tensorflow as tf


class RowNormalisedSGD:
    def __init__(self, learning_rate=0.1):
        self.learning_rate = learning_rate

    def update(self, gradient, variable):
        if gradient.shape.rank == 2:
            scale = tf.norm(gradient, axis=1, keepdims=True) + 1e-6
            step = gradient / scale
        else:
            step = gradient
        variable.assign_sub(self.learning_rate * step)

    def apply_gradients(self, grads_and_vars):
        for gradient, variable in grads_and_vars:
            self.update(gradient, variable)


model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)])
optimizer = RowNormalisedSGD()
x = np.random.RandomState(0).rand(8, 3).astype("float32")
y = np.random.RandomState(1).rand(8, 2).astype("float32")


@tf.function
def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x) - y))
    grads = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    return loss


for step in range(3):
    print("[loss]", float(train_step(x, y)))
