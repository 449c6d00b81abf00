"""The fix from the thread: keep the weight in a variable and assign it from the callback."""

import numpy as np
import tensorflow as tf

kl_weight = tf.Variable(0.0, trainable=False)


def vae_loss(y_true, y_pred):
    reconstruction = tf.reduce_mean(tf.square(y_true - y_pred))
    kl = tf.reduce_mean(tf.square(y_pred))
    return reconstruction + kl_weight * kl


class Anneal(tf.keras.callbacks.Callback):
    def on_epoch_begin(self, epoch, logs=None):
        kl_weight.assign(min(1.0, epoch / 2))


model = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(4)])
model.compile(optimizer=tf.keras.optimizers.SGD(0.0), loss=vae_loss)
x = np.random.rand(16, 4).astype("float32")
history = model.fit(x, x, batch_size=16, epochs=3, verbose=0, callbacks=[Anneal()])
for loss in history.history["loss"]:
    print(f"epoch loss {loss:.5f}")
