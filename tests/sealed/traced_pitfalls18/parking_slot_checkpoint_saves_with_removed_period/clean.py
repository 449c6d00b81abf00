import os
import tempfile

import numpy as np
import tensorflow as tf

rng = np.random.default_rng(9)
x = rng.random((40, 6)).astype("float32")
y = rng.random((40, 2)).astype("float32")
model = tf.keras.Sequential([tf.keras.Input((6,)), tf.keras.layers.Dense(8, activation="relu"), tf.keras.layers.Dense(2)])
model.compile(optimizer="adam", loss="mse")

checkpoint_path = os.path.join(tempfile.mkdtemp(), "cp-{epoch:04d}.weights.h5")
batch_size = 8
cp_callback = tf.keras.callbacks.ModelCheckpoint(checkpoint_path, verbose=0, save_weights_only=True, save_freq=10 * (len(x) // batch_size))
model.fit(x, y, batch_size=batch_size, epochs=20, callbacks=[cp_callback], verbose=0)
print("checkpoints", sorted(os.listdir(os.path.dirname(checkpoint_path))))
