"""The fix from the thread: unfreeze, then compile again before training on."""

import numpy as np
import tensorflow as tf

backbone = tf.keras.Sequential([tf.keras.Input((8,)), tf.keras.layers.Dense(8, activation="relu")])
backbone.trainable = False
model = tf.keras.Sequential([backbone, tf.keras.layers.Dense(1)])
model.compile(optimizer=tf.keras.optimizers.SGD(0.1), loss="mse")

x = np.random.rand(32, 8).astype("float32")
y = np.random.rand(32, 1).astype("float32")
model.fit(x, y, batch_size=8, epochs=1, verbose=0)
backbone.trainable = True
model.compile(optimizer=tf.keras.optimizers.SGD(0.1), loss="mse")
before = backbone.get_weights()[0].copy()
model.fit(x, y, batch_size=8, epochs=2, verbose=0)
print(f"backbone change {float(np.abs(backbone.get_weights()[0] - before).max()):.8f}")
