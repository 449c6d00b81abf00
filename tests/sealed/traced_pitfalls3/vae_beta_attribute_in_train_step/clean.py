"""The fix: the weight is a non-trainable variable that the callback assigns."""

import numpy as np
import tensorflow as tf


class VAE(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.encoder = tf.keras.layers.LSTM(4)
        self.decoder = tf.keras.layers.Dense(6)
        self.beta = tf.Variable(0.0, trainable=False)

    def call(self, x):
        return self.decoder(self.encoder(x))

    def train_step(self, data):
        x, y = data
        with tf.GradientTape() as tape:
            z = self.encoder(x)
            recon = tf.reduce_mean(tf.square(y - self.decoder(z)))
            kl = tf.reduce_mean(tf.square(z))
            loss = recon + self.beta * kl
        grads = tape.gradient(loss, self.trainable_variables)
        self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
        return {"loss": loss, "kl_weight": self.beta * tf.ones(())}


class WarmUp(tf.keras.callbacks.Callback):
    def on_epoch_begin(self, epoch, logs=None):
        self.model.beta.assign(epoch / 2)


model = VAE()
model.compile(optimizer="adam")
x = np.random.rand(8, 5, 3).astype("float32")
y = np.random.rand(8, 6).astype("float32")
history = model.fit(x, y, batch_size=8, epochs=3, verbose=0, callbacks=[WarmUp()])
for value in history.history["kl_weight"]:
    print(f"epoch kl_weight {value:.2f}")
