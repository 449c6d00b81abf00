# SOURCE: https://github.com/keras-team/keras/issues/9940
# SYMPTOM: number "unfrozen weights moved" < 0.000001
"""Fine-tuning: the base is trained frozen, then unfrozen without compiling again; the next fit
keeps it frozen."""

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
    layer.trainable = True  # EXPECT: TF921
before = base.layers[0].kernel.numpy().copy()
model.fit(features, labels, epochs=2, verbose=0)
print("unfrozen weights moved", float(np.abs(base.layers[0].kernel.numpy() - before).max()))
