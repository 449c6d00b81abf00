"""Two fits: the backbone is unfrozen between them and the model compiled again, so the second
fit's train function trains it."""

import numpy as np
import tensorflow as tf


class Unfreeze(tf.keras.callbacks.Callback):
    def __init__(self, backbone):
        super().__init__()
        self.backbone = backbone

    def on_epoch_end(self, epoch, logs=None):
        print("backbone", round(float(np.sum(self.backbone.get_weights()[0])), 4))


backbone = tf.keras.layers.Dense(4, name="backbone")
backbone.trainable = False
model = tf.keras.Sequential([tf.keras.Input((4,)), backbone, tf.keras.layers.Dense(1)])
model.compile(optimizer="sgd", loss="mse")
x = np.random.default_rng(0).normal(size=(16, 4)).astype("float32")
model.fit(x, x.sum(axis=1, keepdims=True), epochs=1, verbose=0, callbacks=[Unfreeze(backbone)])
backbone.trainable = True
model.compile(optimizer="sgd", loss="mse")
model.fit(x, x.sum(axis=1, keepdims=True), epochs=2, verbose=0, callbacks=[Unfreeze(backbone)])
