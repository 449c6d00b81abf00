import os
import tempfile

import numpy as np
import tensorflow as tf

workdir = tempfile.mkdtemp()
rng = np.random.default_rng(6)
X_train = rng.random((32, 16, 32, 3)).astype("float32")
y_train = rng.normal(size=(32, 1)).astype("float32")

model = tf.keras.Sequential([
    tf.keras.Input(shape=(16, 32, 3)),
    tf.keras.layers.Conv2D(4, 3, activation="relu"),
    tf.keras.layers.Flatten(),
    tf.keras.layers.Dense(1),
])
model.compile(optimizer="adam", loss="mse")
model.fit(X_train, y_train, epochs=1, batch_size=8, verbose=0)

model.save(os.path.join(workdir, "model.keras"))

loaded = tf.keras.models.load_model(os.path.join(workdir, "model.keras"))
print("steering", float(loaded.predict(X_train[:1], verbose=0)[0, 0]))
