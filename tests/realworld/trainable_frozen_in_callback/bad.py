# SOURCE: https://github.com/tensorflow/tensorflow/issues/47906
# SYMPTOM: number "unfrozen layer moved" < 0.000001
"""Transfer learning with a callback that unfreezes the base after the first epoch: fit made
its train function with the base frozen and keeps it, so the base never trains."""

import numpy as np
import tensorflow as tf


class Unfreeze(tf.keras.callbacks.Callback):
    def on_epoch_end(self, epoch, logs=None):
        if epoch == 0:
            self.model.layers[0].trainable = True  # EXPECT: TF921
            self.before = self.model.layers[0].kernel.numpy().copy()


model = tf.keras.Sequential(
    [tf.keras.Input((4,)), tf.keras.layers.Dense(4), tf.keras.layers.Dense(1)]
)
model.layers[0].trainable = False
model.compile(optimizer="sgd", loss="mse")
unfreeze = Unfreeze()
features = np.random.rand(32, 4).astype("float32")
targets = np.random.rand(32, 1).astype("float32")
model.fit(features, targets, epochs=3, verbose=0, callbacks=[unfreeze])
moved = np.abs(model.layers[0].kernel.numpy() - unfreeze.before).max()
print("unfrozen layer moved", float(moved))
