# SOURCE: https://github.com/nasa/delta/issues/58
# SYMPTOM: number "backbone change" < 0.000001
# DESCRIPTION: a fine-tuning script unfreezes its pretrained backbone from a callback after the first epoch, but fit's traced training step kept the trainable variables it saw when it was traced, so the backbone never trains
"""Transfer learning: train the head first, then unfreeze the backbone from a callback."""

import numpy as np
import tensorflow as tf

backbone = tf.keras.Sequential([tf.keras.Input((8,)), tf.keras.layers.Dense(8, activation="relu")])
backbone.trainable = False
model = tf.keras.Sequential([backbone, tf.keras.layers.Dense(1)])
model.compile(optimizer=tf.keras.optimizers.SGD(0.1), loss="mse")


class SetTrainable(tf.keras.callbacks.Callback):
    def on_epoch_end(self, epoch, logs=None):
        if epoch == 0:
            backbone.trainable = True  # EXPECT: stale-capture/trainable-changed-after-compile
        snapshots.append(backbone.get_weights()[0].copy())


snapshots = []
x = np.random.rand(32, 8).astype("float32")
y = np.random.rand(32, 1).astype("float32")
model.fit(x, y, batch_size=8, epochs=3, verbose=0, callbacks=[SetTrainable()])
print(f"backbone change {float(np.abs(snapshots[-1] - snapshots[0]).max()):.8f}")
