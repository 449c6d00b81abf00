# SOURCE: https://github.com/keras-team/keras/issues/6405
# SYMPTOM: distinct "weight" < 3
"""A loss weight kept as a plain attribute is changed between fit() calls without recompiling;
fit keeps the train function it traced, with the old weight."""

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
            loss = self.loss_weight * tf.reduce_mean(tf.square(self(x) - y))  # EXPECT: TF602
        grads = tape.gradient(loss, self.trainable_variables)
        self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
        return {"weight": self.loss_weight * tf.ones([])}


model = Weighted()
model.compile(optimizer="sgd")
for weight in (1.0, 2.0, 3.0):
    model.loss_weight = weight
    history = model.fit(np.ones((4, 2)), np.ones((4, 1)), epochs=1, verbose=0)
    print("weight", history.history["weight"][-1])
