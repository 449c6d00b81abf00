# SOURCE: https://github.com/alexeyev/Keras-Generating-Sentences-from-a-Continuous-Space/issues/1
# SYMPTOM: distinct "epoch loss" < 2
# DESCRIPTION: KL-term annealing for a text VAE keeps the KL weight in a module-level Python float that an epoch callback raises, but the loss read the float once when the training step was traced, so the weight never changes during fit
"""KL annealing: the weight of the KL term grows from 0 to 1 over the epochs."""

import numpy as np
import tensorflow as tf

kl_weight = 0.0


def vae_loss(y_true, y_pred):
    reconstruction = tf.reduce_mean(tf.square(y_true - y_pred))
    kl = tf.reduce_mean(tf.square(y_pred))
    return reconstruction + kl_weight * kl  # EXPECT: stale-capture/global-rebound-after-trace


class Anneal(tf.keras.callbacks.Callback):
    def on_epoch_begin(self, epoch, logs=None):
        global kl_weight
        kl_weight = min(1.0, epoch / 2)


model = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(4)])
model.compile(optimizer=tf.keras.optimizers.SGD(0.0), loss=vae_loss)
x = np.random.rand(16, 4).astype("float32")
history = model.fit(x, x, batch_size=16, epochs=3, verbose=0, callbacks=[Anneal()])
for loss in history.history["loss"]:
    print(f"epoch loss {loss:.5f}")
