# SOURCE: https://github.com/udacity/CarND-Behavioral-Cloning-P3/issues/6
# SYMPTOM: raises ValueError
# DESCRIPTION: a steering-angle model is written with model.save_weights('model.h5') (with the architecture in a separate JSON) and the driving script reloads that weights-only file with load_model
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

with open(os.path.join(workdir, "model.json"), "w") as f:
    f.write(model.to_json())
model.save_weights(os.path.join(workdir, "model.h5"))  # EXPECT: keras3/save-weights-filename-suffix

loaded = tf.keras.models.load_model(os.path.join(workdir, "model.h5"))  # EXPECT: api-misuse/load-model-on-weights-file
print("steering", float(loaded.predict(X_train[:1], verbose=0)[0, 0]))
