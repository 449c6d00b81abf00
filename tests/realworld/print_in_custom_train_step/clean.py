"""The fix: tf.print prints each batch."""

import sys

import numpy as np
import tensorflow as tf


class Model(tf.keras.Model):
    def train_step(self, data):
        x, y = data
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(self(x, training=True) - y))
        grads = tape.gradient(loss, self.trainable_variables)
        self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
        tf.print("batch loss", loss, output_stream=sys.stdout)
        return {"loss": loss}


inputs = tf.keras.Input(shape=(2,))
model = Model(inputs, tf.keras.layers.Dense(1)(inputs))
model.compile(optimizer="sgd")
model.fit(np.ones((8, 2)), np.ones((8, 1)), batch_size=2, epochs=1, verbose=0)
