"""The fix: pass a metric object, created once, to compile."""

import numpy as np
import tensorflow as tf

model = tf.keras.Sequential([tf.keras.Input((5,)), tf.keras.layers.Dense(1, activation="sigmoid")])
model.compile(optimizer="adam", loss="binary_crossentropy", metrics=[tf.keras.metrics.AUC(name="auc")])
x = np.random.rand(32, 5).astype("float32")
y = np.random.randint(0, 2, (32, 1)).astype("float32")
history = model.fit(x, y, batch_size=8, epochs=2, verbose=0)
print("auc", history.history["auc"])
