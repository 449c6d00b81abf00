# SOURCE: https://www.tensorflow.org/guide/function
# SYMPTOM: distinct "alpha" < 3
"""A callback lowers a plain float loss weight on the model; the traced train_step keeps the first."""

import numpy as np
import tensorflow as tf


class Weighted(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.dense = tf.keras.layers.Dense(1)
        self.alpha = 1.0

    def call(self, x):
        return self.dense(x)

    def train_step(self, data):
        x, y = data
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(self(x) - y))
        grads = tape.gradient(loss, self.trainable_variables)
        self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
        return {"alpha": self.alpha * tf.ones(())}  # EXPECT: TF602


class Anneal(tf.keras.callbacks.Callback):
    def on_epoch_end(self, epoch, logs=None):
        print("alpha", float(logs["alpha"]))
        self.model.alpha = self.model.alpha * 0.5


model = Weighted()
model.compile(optimizer="sgd")
model.fit(np.ones((4, 2)), np.ones((4, 1)), epochs=3, verbose=0, callbacks=[Anneal()])
