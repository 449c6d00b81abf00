"""The fix from the issue: track the step as a variable updated with assign_add (a Keras weight,
which Keras 3 tracks and saves; a plain tf.Variable it does not)."""

import numpy as np
import tensorflow as tf


class Consistency(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.dense = tf.keras.layers.Dense(1)
        self.current_step = self.add_weight(
            shape=(), initializer="zeros", dtype="int64", trainable=False
        )

    def call(self, x):
        return self.dense(x)

    def train_step(self, data):
        x, y = data
        self.current_step.assign_add(1)
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(self(x) - y))
        grads = tape.gradient(loss, self.trainable_variables)
        self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
        return {"loss": loss}


model = Consistency()
model.compile(optimizer="sgd")
for _ in range(3):
    model.fit(np.ones((4, 2)), np.ones((4, 1)), batch_size=2, epochs=1, verbose=0)
    print("current_step", int(model.current_step.numpy()))
