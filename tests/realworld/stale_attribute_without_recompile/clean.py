"""The fix the maintainer gives: compile again after changing the model, so fit traces anew."""

import numpy as np
import tensorflow as tf


class Weighted(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.dense = tf.keras.layers.Dense(1)
        self.loss_weight = 1.0

    def call(self, x):
        return self.dense(x)

    def train_step(self, data):
        x, y = data
        with tf.GradientTape() as tape:
            loss = self.loss_weight * tf.reduce_mean(tf.square(self(x) - y))
        grads = tape.gradient(loss, self.trainable_variables)
        self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
        return {"weight": self.loss_weight * tf.ones([])}


model = Weighted()
for weight in (1.0, 2.0, 3.0):
    model.loss_weight = weight
    model.compile(optimizer="sgd")
    history = model.fit(np.ones((4, 2)), np.ones((4, 1)), epochs=1, verbose=0)
    print("weight", history.history["weight"][-1])
