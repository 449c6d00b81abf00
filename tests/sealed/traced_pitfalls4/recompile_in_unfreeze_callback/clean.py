"""The fix: two fit calls, recompiling between them after unfreezing."""

import numpy as np
import tensorflow as tf

base = tf.keras.Sequential([tf.keras.Input((8,)), tf.keras.layers.Dense(8, activation="relu")])
base.trainable = False
model = tf.keras.Sequential([base, tf.keras.layers.Dense(1)])
model.compile(optimizer="sgd", loss="mse")

x, y = np.random.rand(32, 8), np.random.rand(32, 1)
model.fit(x, y, batch_size=8, epochs=1, verbose=0)
base.trainable = True
model.compile(optimizer="sgd", loss="mse")
model.fit(x, y, batch_size=8, epochs=3, initial_epoch=1, verbose=0)
print("trained")
