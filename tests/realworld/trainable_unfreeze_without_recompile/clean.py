"""The fix: compile again after unfreezing."""

import numpy as np
import tensorflow as tf

base = tf.keras.Sequential([tf.keras.Input((8,)), tf.keras.layers.Dense(8, activation="relu")])
model = tf.keras.Sequential([base, tf.keras.layers.Dense(1)])
for layer in base.layers:
    layer.trainable = False
model.compile(optimizer="adam", loss="mse")

features = np.random.rand(32, 8).astype("float32")
labels = np.random.rand(32, 1).astype("float32")
model.fit(features, labels, epochs=1, verbose=0)
for layer in base.layers:
    layer.trainable = True
model.compile(optimizer="adam", loss="mse")
before = base.layers[0].kernel.numpy().copy()
model.fit(features, labels, epochs=2, verbose=0)
print("unfrozen weights moved", float(np.abs(base.layers[0].kernel.numpy() - before).max()))
