"""The loss weights are a variable the callback assigns: each epoch's steps read the new ones."""

import numpy as np
import tensorflow as tf


class TwoHeads(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.head_a = tf.keras.layers.Dense(1)
        self.head_b = tf.keras.layers.Dense(1)
        self.loss_weights_ = tf.Variable([1.0, 0.0], trainable=False)

    def call(self, x):
        return self.head_a(x), self.head_b(x)

    def train_step(self, data):
        x, y = data
        with tf.GradientTape() as tape:
            a, b = self(x, training=True)
            weight = self.loss_weights_[1]
            loss = tf.reduce_mean((a - y) ** 2) + weight * tf.reduce_mean((b - y) ** 2)
        grads = tape.gradient(loss, self.trainable_variables)
        self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
        return {"loss": loss, "weight": weight * tf.ones(())}


class ShiftWeights(tf.keras.callbacks.Callback):
    def on_epoch_end(self, epoch, logs=None):
        print("weight", float(logs["weight"]))
        self.model.loss_weights_.assign([1.0 - (epoch + 1) / 4, (epoch + 1) / 4])


model = TwoHeads()
model.compile(optimizer="sgd")
model.fit(np.ones((4, 2)), np.ones((4, 1)), epochs=3, verbose=0, callbacks=[ShiftWeights()])
