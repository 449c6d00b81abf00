# SOURCE: https://github.com/keras-team/keras/issues/16234
# SYMPTOM: raises TypeError
# DESCRIPTION: a fine-tuning callback unfreezes the backbone after a few epochs and recompiles the model from inside fit, which throws away the traced train function fit is still using, so the next epoch fails
"""Transfer learning: train the head, then unfreeze the base model from a callback."""

import numpy as np
import tensorflow as tf

base = tf.keras.Sequential([tf.keras.Input((8,)), tf.keras.layers.Dense(8, activation="relu")])
base.trainable = False
model = tf.keras.Sequential([base, tf.keras.layers.Dense(1)])
model.compile(optimizer="sgd", loss="mse")


class UnfreezeCallback(tf.keras.callbacks.Callback):
    def __init__(self, n_epochs):
        super().__init__()
        self.n_epochs = n_epochs

    def on_epoch_end(self, epoch, logs=None):
        if epoch == self.n_epochs - 1:
            base.trainable = True
            self.model.compile(optimizer="sgd", loss="mse")  # EXPECT: api-misuse/compile-called-during-fit


x, y = np.random.rand(32, 8), np.random.rand(32, 1)
model.fit(x, y, batch_size=8, epochs=3, verbose=0, callbacks=[UnfreezeCallback(1)])
print("trained")
