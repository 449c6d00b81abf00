"""The fix: one model object reused across trials, its weights reset instead of rebuilt."""

import numpy as np
import tensorflow as tf


class MyModel:
    def __init__(self):
        self.dnn = tf.keras.Sequential([tf.keras.Input((8,)), tf.keras.layers.Dense(16), tf.keras.layers.Dense(1)])
        self.optimizer = tf.keras.optimizers.SGD(0.01)
        self.initial = [w.numpy() for w in self.dnn.weights]

    def reset(self):
        for weight, value in zip(self.dnn.weights, self.initial):
            weight.assign(np.random.normal(scale=0.1, size=value.shape).astype("float32"))

    @tf.function
    def train(self, x, y):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(self.dnn(x) - y))
        grads = tape.gradient(loss, self.dnn.trainable_variables)
        self.optimizer.apply_gradients(zip(grads, self.dnn.trainable_variables))
        return loss


x = tf.constant(np.random.rand(32, 8).astype("float32"))
y = tf.constant(np.random.rand(32, 1).astype("float32"))
model = MyModel()
for trial in range(5):
    model.reset()
    for _ in range(3):
        loss = model.train(x, y)
    print("trial", trial, "loss", round(float(loss), 4))
