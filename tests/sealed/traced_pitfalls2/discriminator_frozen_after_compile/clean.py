"""The fix: compile again after changing trainable, so the training step is traced anew."""

import numpy as np
import tensorflow as tf

d = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(8, "relu"), tf.keras.layers.Dense(1, "sigmoid")])
d.compile(optimizer="sgd", loss="binary_crossentropy")

x = np.random.rand(16, 4).astype("float32")
y = np.ones((16, 1), "float32")
d.train_on_batch(x, y)
d.trainable = False
d.compile(optimizer="sgd", loss="binary_crossentropy")
before = [w.copy() for w in d.get_weights()]
d.train_on_batch(x, y)
change = max(float(np.abs(a - b).max()) for a, b in zip(before, d.get_weights()))
print("weight change", f"{change:.8f}")
