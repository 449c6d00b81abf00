"""The fix: track the partial term in a Keras metric updated inside the loss and read its result."""

import numpy as np
import tensorflow as tf


class VAE(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.encoder = tf.keras.layers.Dense(4)
        self.decoder = tf.keras.layers.Dense(8, activation="sigmoid")
        self.xent_tracker = tf.keras.metrics.Mean(name="xent")

    def call(self, x):
        z_mean = self.encoder(x)
        return self.decoder(z_mean)

    def vae_loss(self, x, x_dec):
        xent_loss = 8 * tf.reduce_mean(tf.keras.losses.binary_crossentropy(x, x_dec))
        self.xent_tracker.update_state(xent_loss)
        return xent_loss


class SaveLossComp(tf.keras.callbacks.Callback):
    def on_epoch_end(self, epoch, logs=None):
        print("reconst_err", float(self.model.xent_tracker.result()))
        self.model.xent_tracker.reset_state()


model = VAE()
model.compile(optimizer="adam", loss=model.vae_loss)
x = np.random.rand(32, 8).astype("float32")
model.fit(x, x, epochs=2, verbose=0, callbacks=[SaveLossComp()])
