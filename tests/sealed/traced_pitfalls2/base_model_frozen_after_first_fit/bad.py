# SOURCE: https://github.com/keras-team/keras/issues/4471
# SYMPTOM: number "base change" >= 0.000001
# DESCRIPTION: a pretrained base is frozen by setting its trainable flag after the model has already been trained, without compiling again, so the traced training step keeps updating the base's weights
"""Transfer learning: train the head first, then freeze the base for a second phase."""

import numpy as np
import tensorflow as tf

base = tf.keras.Sequential([tf.keras.Input((8,)), tf.keras.layers.Dense(8, activation="relu")], name="base")
model = tf.keras.Sequential([base, tf.keras.layers.Dense(1)])
model.compile(optimizer="sgd", loss="mse")
x, y = np.random.rand(32, 8).astype("float32"), np.random.rand(32, 1).astype("float32")
model.fit(x, y, epochs=1, verbose=0)

base.trainable = False  # EXPECT: stale-capture/trainable-changed-after-compile
before = [w.copy() for w in base.get_weights()]
model.fit(x, y, epochs=1, verbose=0)
change = max(float(np.abs(a - b).max()) for a, b in zip(before, base.get_weights()))
print("base change", f"{change:.8f}")
