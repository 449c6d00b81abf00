"""The fix: tf.print inside the traced step prints at every batch."""

import sys

import numpy as np
import tensorflow as tf


class Darc1Model(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.hidden = tf.keras.layers.Dense(8, activation="relu")
        self.out = tf.keras.layers.Dense(3, activation="softmax")

    def call(self, x):
        return self.out(self.hidden(x))

    def train_step(self, data):
        x, y = data
        with tf.GradientTape() as tape:
            intermediate = self.hidden(x)
            y_pred = self.out(intermediate)
            original_loss = tf.reduce_mean(tf.keras.losses.categorical_crossentropy(y, y_pred))
            custom_loss = 0.01 * tf.reduce_max(tf.reduce_sum(tf.abs(intermediate), axis=0))
            tf.print("custom_loss", custom_loss, output_stream=sys.stdout)
            loss = original_loss + custom_loss
        grads = tape.gradient(loss, self.trainable_variables)
        self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
        return {"loss": loss}


model = Darc1Model()
model.compile(optimizer="sgd")
x = np.random.rand(12, 4).astype("float32")
y = tf.keras.utils.to_categorical(np.random.randint(0, 3, 12), 3)
model.fit(x, y, batch_size=4, epochs=1, verbose=0)
