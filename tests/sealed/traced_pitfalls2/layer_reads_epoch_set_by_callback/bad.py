# SOURCE: https://github.com/keras-team/keras/issues/5206
# SYMPTOM: distinct "noise scale" < 2
# DESCRIPTION: a custom layer scales its behaviour by an epoch number kept as a plain Python attribute that a callback updates, but the traced training step read the attribute once while tracing
"""A layer whose input noise anneals with the epoch, driven by a callback."""

import numpy as np
import tensorflow as tf


class AnnealedNoise(tf.keras.layers.Layer):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.epoch = 0

    def call(self, x, training=None):
        scale = 1.0 / (1.0 + self.epoch)  # EXPECT: stale-capture/python-attribute-read-in-traced-code
        return x + scale * tf.ones_like(x), scale


class EpochSetter(tf.keras.callbacks.Callback):
    def __init__(self, layer):
        super().__init__()
        self.layer = layer

    def on_epoch_begin(self, epoch, logs=None):
        self.layer.epoch = epoch


class NoisyModel(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.noise = AnnealedNoise()
        self.dense = tf.keras.layers.Dense(1)
        self.scale_seen = tf.Variable(0.0, trainable=False)

    def call(self, x, training=None):
        noisy, scale = self.noise(x, training=training)
        self.scale_seen.assign(scale)
        return self.dense(noisy)


class PrintScale(tf.keras.callbacks.Callback):
    def on_epoch_end(self, epoch, logs=None):
        print("noise scale", round(float(self.model.scale_seen), 3))


model = NoisyModel()
model.compile(optimizer="sgd", loss="mse")
x, y = np.random.rand(32, 4).astype("float32"), np.random.rand(32, 1).astype("float32")
model.fit(x, y, epochs=3, verbose=0, callbacks=[EpochSetter(model.noise), PrintScale()])
