"""The fix: tf.print, a graph op that runs at every batch."""

import sys

import numpy as np
import keras
import tensorflow as tf


class DebugModel(keras.Model):
    def train_step(self, data):
        x, y = data
        with tf.GradientTape() as tape:
            y_pred = self(x, training=True)
            loss = self.compute_loss(x=x, y=y, y_pred=y_pred)
        tf.print("[step loss]", loss, output_stream=sys.stdout)
        grads = tape.gradient(loss, self.trainable_variables)
        self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
        return {"loss": loss}


inputs = keras.Input((3,))
model = DebugModel(inputs, keras.layers.Dense(1)(inputs))
model.compile(optimizer="sgd", loss="mse")
x = np.random.rand(32, 3).astype("float32")
y = np.random.rand(32, 1).astype("float32")
model.fit(x, y, batch_size=8, epochs=2, verbose=0)
