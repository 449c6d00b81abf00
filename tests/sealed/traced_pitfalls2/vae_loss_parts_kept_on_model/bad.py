# SOURCE: https://github.com/keras-team/keras/issues/4252
# SYMPTOM: raises TypeError
# DESCRIPTION: a custom loss stores its partial terms as attributes of the model so that a callback can report them, but the loss runs inside the traced training step and the attributes end up holding symbolic tensors from that graph
"""A variational autoencoder whose callback reports the reconstruction part of the loss."""

import numpy as np
import tensorflow as tf


class VAE(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.encoder = tf.keras.layers.Dense(4)
        self.decoder = tf.keras.layers.Dense(8, activation="sigmoid")

    def call(self, x):
        z_mean = self.encoder(x)
        return self.decoder(z_mean)

    def vae_loss(self, x, x_dec):
        self.xent_loss = 8 * tf.reduce_mean(tf.keras.losses.binary_crossentropy(x, x_dec))  # EXPECT: leaked-tensor/tensor-stored-on-object
        return self.xent_loss


class SaveLossComp(tf.keras.callbacks.Callback):
    def on_epoch_end(self, epoch, logs=None):
        print("reconst_err", float(self.model.xent_loss))


model = VAE()
model.compile(optimizer="adam", loss=model.vae_loss)
x = np.random.rand(32, 8).astype("float32")
model.fit(x, x, epochs=2, verbose=0, callbacks=[SaveLossComp()])
