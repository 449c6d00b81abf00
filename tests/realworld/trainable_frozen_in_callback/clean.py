"""The fix: two fits, compiling again after unfreezing the base."""

import numpy as np
import tensorflow as tf

model = tf.keras.Sequential(
    [tf.keras.Input((4,)), tf.keras.layers.Dense(4), tf.keras.layers.Dense(1)]
)
model.layers[0].trainable = False
model.compile(optimizer="sgd", loss="mse")
features = np.random.rand(32, 4).astype("float32")
targets = np.random.rand(32, 1).astype("float32")
model.fit(features, targets, epochs=1, verbose=0)
model.layers[0].trainable = True
model.compile(optimizer="sgd", loss="mse")
before = model.layers[0].kernel.numpy().copy()
model.fit(features, targets, epochs=2, verbose=0)
print("unfrozen layer moved", float(np.abs(model.layers[0].kernel.numpy() - before).max()))
