# SOURCE: https://github.com/dohoseok/context-based-parking-slot-detect/issues/9
# SYMPTOM: raises TypeError
# DESCRIPTION: a detector training script asks ModelCheckpoint to save weights every ten epochs through the period argument, which Keras 3 removed in favour of save_freq counted in batches
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
cp_callback = tf.keras.callbacks.ModelCheckpoint(checkpoint_path, verbose=0, save_weights_only=True, save_freq="epoch", period=10)  # EXPECT: keras3/modelcheckpoint-period-argument
model.fit(x, y, batch_size=batch_size, epochs=20, callbacks=[cp_callback], verbose=0)
print("checkpoints", sorted(os.listdir(os.path.dirname(checkpoint_path))))
