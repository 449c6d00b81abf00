"""The loss weight is a tf.Variable the callback assigns: each epoch's train steps read it."""

import numpy as np
import tensorflow as tf


class Weighted(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.dense = tf.keras.layers.Dense(1)
        self.alpha = self.add_weight(shape=(), initializer="ones", trainable=False)

    def call(self, x):
        return self.dense(x)

    def train_step(self, data):
        x, y = data
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(self(x) - y))
        grads = tape.gradient(loss, self.trainable_variables)
        self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
        return {"alpha": self.alpha * tf.ones(())}


class Anneal(tf.keras.callbacks.Callback):
    def on_epoch_end(self, epoch, logs=None):
        print("alpha", float(logs["alpha"]))
        self.model.alpha.assign(self.model.alpha * 0.5)


model = Weighted()
model.compile(optimizer="sgd")
model.fit(np.ones((4, 2)), np.ones((4, 1)), epochs=3, verbose=0, callbacks=[Anneal()])
