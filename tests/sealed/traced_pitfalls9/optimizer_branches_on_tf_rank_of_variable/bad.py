# SOURCE: https://github.com/tensorflow/tensorflow/issues/39298
# SYMPTOM: raises ValueError
# DESCRIPTION: a hand-written optimizer called from a tf.function branches on tf.rank(gradient); the tensor condition becomes a graph conditional whose both branches are traced, so a matrix-only reduction is also built for the rank-1 bias and fails at trace time
"""An optimizer that normalises each row of a kernel's gradient and leaves bias gradients as they are."""

import numpy as np
import keras
import tensorflow as tf


class RowNormalisedSGD:
    def __init__(self, learning_rate=0.1):
        self.learning_rate = learning_rate

    def update(self, gradient, variable):
        if tf.rank(gradient) == 2:  # EXPECT: graph-incompatible/tensor-condition-guards-static-indexing
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
